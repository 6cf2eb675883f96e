import fs from "node:fs";
import path from "node:path";
import { asc, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { projects, sessions, transcriptFiles } from "@/db/schema";
import { generateAcosTrajectories, toJsonl } from "@/test/factories/generate/acos";
import { startAppServer, type AppServer } from "./support/app-server";
import { cliHome, removeCliHomes, runCli, startCli } from "./support/run-cli";

let app: AppServer;
beforeAll(async () => {
  app = await startAppServer();
});
afterAll(async () => {
  await app.close();
  removeCliHomes();
});

const ingestRequests = () => app.requests.filter((r) => r === "POST /api/v1/ingest").length;

/** Resolves once the server has received `n` more upload requests than when it was called. */
function afterRequests(n: number): Promise<void> {
  const start = ingestRequests();
  return new Promise((resolve) => {
    const timer = setInterval(() => {
      if (ingestRequests() - start < n) return;
      clearInterval(timer);
      resolve();
    }, 1);
  });
}

const storedIn = async (slug: string) => {
  const rows = await getDb()
    .select({ n: count() })
    .from(sessions)
    .innerJoin(projects, eq(projects.id, sessions.projectId))
    .where(eq(projects.slug, slug))
    .get();
  return rows!.n;
};

describe("an import killed midway", () => {
  const FILES = 60;
  const { home, state } = cliHome();
  const folder = path.join(home, "work", "resume-app", ".claude", "trajectories");
  const args = ["import", path.join(home, "work", "resume-app"), "--batch-size", "3", "--concurrency", "3"];

  beforeAll(() => {
    fs.mkdirSync(folder, { recursive: true });
    for (const r of generateAcosTrajectories({ seed: 31, count: FILES, idPrefix: "resume" })) {
      fs.writeFileSync(path.join(folder, `${r.type}_${r.id.replace("resume-", "resume_")}.json`), JSON.stringify(r));
    }
  });

  it("resumes from what it remembered and stores every file exactly once", async () => {
    const env = { STARLIGHT_STATE: state };
    const run = await startCli([...args, "--url", app.url], { home, env });
    await afterRequests(5);
    run.child.kill("SIGKILL");
    const killed = await run.done;
    expect(killed.signal).toBe("SIGKILL");
    const stored = await storedIn("resume-app");
    expect(stored).toBeGreaterThan(0);
    expect(stored).toBeLessThan(FILES);
    // What it remembered is in the log, not yet in a snapshot; a write cut short by a crash ends it.
    expect(fs.existsSync(state)).toBe(false);
    expect(fs.existsSync(`${state}.log`)).toBe(true);
    fs.appendFileSync(`${state}.log`, `\n{"server":"${app.url}","at":"2026-`);

    const resumed = await runCli([...args, "--url", app.url], { home, env });
    expect(resumed.code, resumed.stderr).toBe(0);
    const skipped = Number(/(\d+) files unchanged, skipped/.exec(resumed.stdout)?.[1]);
    const sent = Number(/Sent (\d+) files/.exec(resumed.stdout)?.[1]);
    const [accepted, duplicates] = /Records: (\d+) accepted, (\d+) duplicates?, 0 rejected/
      .exec(resumed.stdout)!
      .slice(1)
      .map(Number);
    expect(skipped).toBeGreaterThan(0);
    expect(skipped + sent).toBe(FILES);
    // Files stored by requests whose answers the kill cut off are sent again, and the server has them already.
    expect(accepted! + duplicates!).toBe(sent);
    expect(accepted).toBeLessThanOrEqual(FILES - stored);
    expect(await storedIn("resume-app")).toBe(FILES);
    const ids = await getDb()
      .select({ id: sessions.externalId })
      .from(sessions)
      .innerJoin(projects, eq(projects.id, sessions.projectId))
      .where(eq(projects.slug, "resume-app"))
      .all();
    expect(new Set(ids.map((r) => r.id)).size).toBe(FILES);

    // The log is folded into the snapshot, which now holds every file.
    expect(fs.existsSync(`${state}.log`)).toBe(false);
    const again = await runCli([...args, "--url", app.url], { home, env });
    expect(again.stdout).toContain(`Nothing to upload: ${FILES} files unchanged, skipped`);
  });
});

/** Every session of a project with what was assembled of it: operations, tools, tokens, and its stored parts. */
async function sessionsOf(slug: string) {
  const db = getDb();
  const project = (await db.select({ id: projects.id }).from(projects).where(eq(projects.slug, slug)).get())!;
  const stored = await db
    .select({
      externalId: sessions.externalId,
      operations: sessions.operationCount,
      tools: sessions.toolBreakdown,
      tokens: sessions.tokensInput,
      score: sessions.successScore,
    })
    .from(sessions)
    .where(eq(sessions.projectId, project.id))
    .orderBy(asc(sessions.externalId))
    .all();
  const parts = await db
    .select({ sessionId: transcriptFiles.sessionId, part: transcriptFiles.part, lines: transcriptFiles.lineCount })
    .from(transcriptFiles)
    .where(eq(transcriptFiles.projectId, project.id))
    .orderBy(asc(transcriptFiles.sessionId), asc(transcriptFiles.part))
    .all();
  return { sessions: stored, parts };
}

describe("an import with requests in flight together", () => {
  it("stores what an import one request at a time stores: every session with its sub-agents", async () => {
    const fixtures = "test/fixtures/claude-code";
    const one = await runCli(
      ["import", fixtures, "--url", app.url, "--project", "one-at-a-time", "--batch-size", "1", "--concurrency", "1"],
      { home: cliHome().home, env: { STARLIGHT_STATE: cliHome().state } },
    );
    expect(one.code, one.stderr).toBe(0);
    const many = await runCli(
      ["import", fixtures, "--url", app.url, "--project", "four-at-a-time", "--batch-size", "1", "--concurrency", "4"],
      { home: cliHome().home, env: { STARLIGHT_STATE: cliHome().state } },
    );
    expect(many.code, many.stderr).toBe(0);

    const records = (stdout: string) => /Records: .*/.exec(stdout)?.[0];
    expect(records(many.stdout)).toBe(records(one.stdout));
    const expected = await sessionsOf("one-at-a-time");
    expect(expected.sessions.length).toBeGreaterThan(1);
    expect(expected.parts.some((p) => p.part !== "")).toBe(true);
    expect(await sessionsOf("four-at-a-time")).toEqual(expected);
  });
});

describe("a batch the server refuses as too large", () => {
  it("is sent again in smaller requests, and a file too large alone is reported", async () => {
    const { home, state } = cliHome();
    const folder = path.join(home, "work", "small-limit", ".claude", "trajectories");
    fs.mkdirSync(folder, { recursive: true });
    const records = generateAcosTrajectories({ seed: 41, count: 36, idPrefix: "limit" });
    for (const r of records.slice(0, 16))
      fs.writeFileSync(path.join(folder, `${r.type}_${r.id.replace("limit-", "limit_")}.json`), JSON.stringify(r));
    fs.writeFileSync(path.join(folder, "bulk_traj_all.jsonl"), toJsonl(records.slice(16)));
    const limit = process.env.STARLIGHT_MAX_BODY_MB;
    process.env.STARLIGHT_MAX_BODY_MB = "0.01";
    try {
      const run = await runCli(["import", path.join(home, "work", "small-limit"), "--url", app.url], {
        home,
        env: { STARLIGHT_STATE: state },
      });
      expect(run.code).toBe(1);
      expect(run.stdout).toContain("Records: 16 accepted, 0 duplicates, 0 rejected.");
      expect(run.stderr).toMatch(/bulk_traj_all\.jsonl: Starlight refused the upload \(HTTP 413\)/);
    } finally {
      if (limit === undefined) delete process.env.STARLIGHT_MAX_BODY_MB;
      else process.env.STARLIGHT_MAX_BODY_MB = limit;
    }
    expect(await storedIn("small-limit")).toBe(16);
  });
});
