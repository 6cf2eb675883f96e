import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { openPeriod } from "@/db/queries/experiments";
import { storeRecords } from "@/lib/server/store-records";
import { getProjectBySlug } from "@/db/queries/projects";
import { guidanceDeliveries, sessions } from "@/db/schema";
import { assignArm } from "@/lib/experiment/arm";
import { projectFromCwd } from "@/lib/ingest/claude-code/project";
import { readTranscriptName } from "@/lib/ingest/claude-code/file-name";
import { generateSessions } from "@/test/factories/generate/sessions";
import { toProjectSlug } from "@/lib/project-slug";
import { hookProject } from "@/lib/walk/hook-project";
import { experimentReport, setHoldoutShare } from "@/lib/server/experiment";
import { startAppServer, type AppServer } from "./support/app-server";
import { closedPort } from "./support/cli-checks";
import { cliHome, removeCliHomes, runCli } from "./support/run-cli";

const FIXTURES = path.resolve("test/fixtures/claude-code");

interface Payload {
  session_id?: string;
  cwd?: string;
  transcript_path?: string;
}

/** The JSON a SessionStart hook receives on stdin (docs/formats.md#claude-code-hooks). */
const sessionStart = (payload: Payload) =>
  JSON.stringify({ hook_event_name: "SessionStart", source: "startup", permission_mode: "default", ...payload });

/** Every session transcript of the fixtures with the cwd its lines carry. */
function fixtureSessions(): { sessionId: string; cwd: string; file: string }[] {
  const out: { sessionId: string; cwd: string; file: string }[] = [];
  for (const folder of fs.readdirSync(FIXTURES)) {
    const dir = path.join(FIXTURES, folder);
    if (!fs.statSync(dir).isDirectory()) continue;
    for (const name of fs.readdirSync(dir).filter((n) => n.endsWith(".jsonl") && !n.startsWith("agent-"))) {
      const file = path.join(dir, name);
      const lines = fs
        .readFileSync(file, "utf8")
        .split("\n")
        .filter(Boolean)
        .map((l) => JSON.parse(l) as { cwd?: string });
      const cwd = lines.find((l) => typeof l.cwd === "string")?.cwd;
      if (cwd !== undefined) out.push({ sessionId: path.basename(name, ".jsonl"), cwd, file });
    }
  }
  return out;
}

/** The server's rule for an uploaded transcript: the project its cwd names, else its folder's. */
const ingestProject = (p: Payload) =>
  toProjectSlug(projectFromCwd(p.cwd ?? "") ?? readTranscriptName(p.transcript_path).folder ?? "");

let app: AppServer;
beforeAll(async () => {
  app = await startAppServer();
  for (const slug of ["ai-music", "deep-manifest"]) {
    await storeRecords(getDb(), slug, {
      sessions: generateSessions({ seed: 5, count: 60, start: Date.UTC(2025, 0, 1), idPrefix: `${slug}-` }),
      patterns: [],
    });
  }
});
afterAll(async () => {
  await app.close();
  removeCliHomes();
});

const deliveriesOf = (sessionId: string) =>
  getDb().select().from(guidanceDeliveries).where(eq(guidanceDeliveries.sessionId, sessionId)).all();

describe("the project of a hook payload", () => {
  it("is the one ingest files the session's transcript under, for every fixture and the edge cases", () => {
    const payloads: Payload[] = [
      ...fixtureSessions().map((s) => ({ cwd: s.cwd, transcript_path: s.file })),
      ...[
        "/Users/chip/dev/ai-music",
        "/home/me/shop/.claude/worktrees/fix-cart/web",
        "C:\\Users\\me\\Shop",
        "/srv/Café Ünïcode App/",
        "/",
        "C:\\",
        "/.claude/worktrees/x",
      ].map((cwd) => ({ cwd })),
      {
        cwd: "/",
        transcript_path: "/home/me/.claude/projects/-home-me-My-App/0b5c1f9e-8f7e-4c3a-9d2b-1a2b3c4d5e6f.jsonl",
      },
      {},
    ];
    const expected = payloads.map(ingestProject);
    expect(expected).toContain("ai-music");
    expect(expected).toContain("worktrees");
    expect(expected).toContain("cafe-unicode-app");
    expect(expected).toContain(null);
    expect(payloads.map(hookProject)).toEqual(expected);
  });
});

describe("starlight guidance --hook", () => {
  it("sends the payload's session to the project its cwd names: the delivery is recorded and linked to the transcript pushed later", async () => {
    const fixture = fixtureSessions().find((s) => s.cwd === "/src/deep-manifest")!;
    const { home, state } = cliHome();
    const payload = sessionStart({ session_id: fixture.sessionId, cwd: fixture.cwd, transcript_path: fixture.file });
    const run = await runCli(["guidance", "--hook", "--url", app.url], { home, input: payload });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toBe("");
    expect(JSON.parse(run.stdout)).toHaveProperty(
      "hookSpecificOutput.additionalContext",
      expect.stringContaining("Starlight guidance: deep-manifest"),
    );
    expect(app.requests).toContain("GET /api/v1/projects/deep-manifest/guidance");
    const project = (await getProjectBySlug(getDb(), "deep-manifest"))!;
    expect(await deliveriesOf(fixture.sessionId)).toMatchObject([
      { projectId: project.id, arm: "guidance", requests: 1 },
    ]);

    const push = await runCli(["push", "--url", app.url], { home, env: { STARLIGHT_STATE: state }, input: payload });
    expect(push.stderr).toContain("→ project deep-manifest");
    const stored = (await getDb().select().from(sessions).where(eq(sessions.externalId, fixture.sessionId)).get())!;
    expect(stored.projectId).toBe(project.id);
    expect((await experimentReport(getDb(), "deep-manifest"))!.counts).toMatchObject({
      enrolled: 1,
      linked: { guidance: 1, holdout: 0 },
      awaiting: 0,
    });
  });

  it("prints an empty JSON object for a holdout session, and --project overrides the cwd", async () => {
    await setHoldoutShare(getDb(), "ai-music", 0.5);
    const { salt } = (await openPeriod(getDb(), (await getProjectBySlug(getDb(), "ai-music"))!.id))!;
    let n = 0;
    while (assignArm(`held-${n}`, salt, 0.5) !== "holdout") n++;
    const { home } = cliHome();
    const run = await runCli(["guidance", "--hook", "--project", "ai-music", "--url", app.url], {
      home,
      input: sessionStart({ session_id: `held-${n}`, cwd: "/somewhere/else" }),
    });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toBe("{}");
    expect(await deliveriesOf(`held-${n}`)).toMatchObject([
      { projectId: (await getProjectBySlug(getDb(), "ai-music"))!.id, arm: "holdout" },
    ]);
  });

  it("never fails the session: an unreadable payload still gets a named project's guidance, unrecorded; otherwise nothing is printed", async () => {
    const { home } = cliHome();
    const before = (await getDb().select().from(guidanceDeliveries).all()).length;

    const garbled = await runCli(
      ["guidance", "--hook", "--project", "deep-manifest", "--format", "markdown", "--url", app.url],
      { home, input: "not json" },
    );
    expect(garbled.code).toBe(0);
    expect(garbled.stdout).toMatch(/^# Starlight guidance: deep-manifest/);
    expect(garbled.stderr).toContain(
      "the hook payload on stdin is not JSON; fetching the guidance without recording the session",
    );

    const badId = await runCli(["guidance", "--hook", "--url", app.url], {
      home,
      input: sessionStart({ session_id: "no spaces allowed", cwd: "/src/deep-manifest" }),
    });
    expect(badId.code).toBe(0);
    expect(JSON.parse(badId.stdout)).toHaveProperty("hookSpecificOutput.hookEventName", "SessionStart");
    expect(badId.stderr).toContain("no session_id Starlight can record");
    expect(await getDb().select().from(guidanceDeliveries).all()).toHaveLength(before);

    const down = `http://127.0.0.1:${await closedPort()}`;
    for (const [args, input] of [
      [["guidance", "--hook", "--url", app.url], "not json"],
      [["guidance", "--hook", "--url", app.url], sessionStart({ session_id: "s-1", cwd: "/" })],
      [["guidance", "--hook", "--url", app.url], sessionStart({ session_id: "s-2", cwd: "/nowhere/unknown-project" })],
      [["guidance", "--hook", "--url", down], sessionStart({ session_id: "s-3", cwd: "/src/deep-manifest" })],
    ] as const) {
      const result = await runCli([...args], { home, input });
      expect(result.code, input).toBe(0);
      expect(result.stdout, input).toBe("");
      expect(result.stderr, input).toMatch(/^starlight guidance: .*printing nothing so the session starts normally/m);
    }
  });

  it("is refused on other commands", async () => {
    const { home } = cliHome();
    const run = await runCli(["push", "--hook"], { home, input: "{}" });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("--hook is an option of guidance");
  });
});
