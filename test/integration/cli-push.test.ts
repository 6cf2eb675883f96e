import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { generateCodexRollout } from "@/test/factories/generate/codex";
import { generateGeminiSessions } from "@/test/factories/generate/gemini";
import { geminiProjectFolder } from "@/lib/ingest/gemini/files";
import { sessions } from "@/db/schema";
import { startAppServer, type AppServer } from "./support/app-server";
import { adminToken } from "./support/auth";
import { closedPort, metaParts, sessionsByProject as listSessions } from "./support/cli-checks";
import { cliHome, removeCliHomes, runCli } from "./support/run-cli";

const FIXTURES = path.resolve("test/fixtures/claude-code");
const FLAT = {
  folder: "-src-deep-manifest",
  sessionId: "a7da6a22-facc-4fcd-8bab-f83c87862004",
  cwd: "/src/deep-manifest",
};
const NESTED = {
  folder: "-experiments-worktrees",
  sessionId: "ef958aa1-0e93-49f0-bb71-150f63befcd1",
  cwd: "-experiments/worktrees",
};

let app: AppServer;
beforeAll(async () => {
  app = await startAppServer();
});
afterAll(async () => {
  await app.close();
  removeCliHomes();
});

/** The JSON a SessionEnd hook receives on stdin (docs/formats.md#claude-code-hooks). */
function hookPayload(s: typeof FLAT) {
  return JSON.stringify({
    session_id: s.sessionId,
    transcript_path: path.join(FIXTURES, s.folder, `${s.sessionId}.jsonl`),
    cwd: s.cwd,
    hook_event_name: "SessionEnd",
    reason: "prompt_input_exit",
    permission_mode: "default",
  });
}

function stored(sessionId: string) {
  return getDb().select().from(sessions).where(eq(sessions.externalId, sessionId)).get();
}

async function waitFor<T>(probe: () => T | undefined | Promise<T | undefined>, ms = 15_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`nothing after ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe("starlight push (the SessionEnd hook)", () => {
  it("uploads the session with its flat-layout sub-agent into the project named by its cwd", async () => {
    const { home, state } = cliHome();
    const run = await runCli(["push", "--url", app.url], {
      home,
      env: { STARLIGHT_STATE: state },
      input: hookPayload(FLAT),
    });
    expect(run.code).toBe(0);
    expect(run.stderr).toContain(
      `pushed session ${FLAT.sessionId} with 1 sub-agent (2 files) to ${app.url} → project deep-manifest: 2 accepted`,
    );
    expect((await listSessions(app.url))["deep-manifest"]).toBe(1);
    expect((await stored(FLAT.sessionId))?.delegated).toBe(true);

    // The pushed files are remembered, so a later import of the same tree skips them.
    const later = await runCli(["import", path.join(FIXTURES, FLAT.folder), "--url", app.url, "--dry-run"], {
      home,
      env: { STARLIGHT_STATE: state },
    });
    expect(later.stdout).toContain("Nothing to upload: 2 files unchanged, skipped");
  });

  it("--background hands the upload, --token included, to a detached process: silent exit 0, then the session with its nested sub-agents lands", async () => {
    const { home, state } = cliHome();
    const args = ["push", "--background", "--url", app.url, "--token", await adminToken()];
    const run = await runCli(args, { home, env: { STARLIGHT_STATE: state }, input: hookPayload(NESTED), token: null });
    expect(run.code).toBe(0);
    expect(run.stdout + run.stderr).toBe("");

    const session = await waitFor(() => stored(NESTED.sessionId));
    expect(session.delegated).toBe(true);
    expect((await listSessions(app.url)).worktrees).toBe(1);
    expect(await metaParts(NESTED.sessionId)).toBe(6);
    const log = path.join(home, ".starlight", "push.log");
    const text = await waitFor(() =>
      fs.existsSync(log) && fs.readFileSync(log, "utf8").includes("pushed") ? fs.readFileSync(log, "utf8") : undefined,
    );
    expect(text).toContain(`pushed session ${NESTED.sessionId} with 6 sub-agents (13 files)`);
  });

  it("pushes a Codex rollout from Codex's Stop hook, into the project its cwd names", async () => {
    const { home, state } = cliHome();
    const g = generateCodexRollout({ seed: 77, turns: 3, cwd: "/home/dev/src/hooked-codex" });
    const file = path.join(home, ".codex", "sessions", g.name);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, g.text);
    const payload = JSON.stringify({
      session_id: g.threadId,
      transcript_path: file,
      cwd: "/home/dev/src/hooked-codex",
      hook_event_name: "Stop",
      model: "gpt-5-codex",
    });
    const run = await runCli(["push", "--url", app.url], { home, env: { STARLIGHT_STATE: state }, input: payload });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain(
      `pushed session ${g.threadId} (1 file) to ${app.url} → project hooked-codex: 1 accepted`,
    );
    expect((await stored(g.threadId))?.format).toBe("codex");
    const later = await runCli(["import", path.join(home, ".codex"), "--url", app.url, "--dry-run"], {
      home,
      env: { STARLIGHT_STATE: state },
    });
    expect(later.stdout).toContain("Nothing to upload: 1 file unchanged, skipped");
  });

  it("pushes a Gemini chat from Gemini's SessionEnd hook, into the project its folder names", async () => {
    const { home, state } = cliHome();
    const chat = generateGeminiSessions({ seed: 3, count: 1 })[0]!;
    const file = path.join(home, ".gemini", "tmp", chat.path);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, chat.content);
    const project = geminiProjectFolder(chat.path)!;
    const sessionId = chat.expected.sessionId;
    const payload = JSON.stringify({
      session_id: sessionId,
      transcript_path: file,
      cwd: `/home/dev/${project}`,
      hook_event_name: "SessionEnd",
      reason: "exit",
    });
    const run = await runCli(["push", "--url", app.url], { home, env: { STARLIGHT_STATE: state }, input: payload });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain(`→ project ${project}: 1 accepted`);
    expect((await stored(sessionId))?.format).toBe("gemini");
  });

  it("says, without failing the hook, when the transcript is no agent's it reads", async () => {
    const { home, state } = cliHome();
    const file = path.join(home, "notes.jsonl");
    fs.writeFileSync(file, `${JSON.stringify({ hello: "world" })}\n`);
    const run = await runCli(["push", "--url", app.url], {
      home,
      env: { STARLIGHT_STATE: state },
      input: JSON.stringify({ session_id: "x", transcript_path: file }),
    });
    expect(run.code).toBe(0);
    expect(run.stderr).toContain("is not a Claude Code, Codex CLI or Gemini CLI transcript");
  });

  it("never fails the hook: a refused token is reported on stderr with exit code 0, and nothing is stored", async () => {
    const { home, state } = cliHome();
    const run = await runCli(["push", "--url", app.url], {
      home,
      env: { STARLIGHT_STATE: state },
      input: hookPayload(FLAT),
      token: "sl_revoked-or-never-issued-000000000000000000",
    });
    expect(run.code).toBe(0);
    expect(run.stderr).toContain("push failed: Starlight refused the upload (HTTP 401)");
    expect(fs.existsSync(state)).toBe(false);
  });

  it("never fails the hook: a server that is down is reported on stderr with exit code 0", async () => {
    const { home, state } = cliHome();
    const url = `http://127.0.0.1:${await closedPort()}`;
    const run = await runCli(["push", "--url", url], {
      home,
      env: { STARLIGHT_STATE: state },
      input: hookPayload(FLAT),
    });
    expect(run.code).toBe(0);
    expect(run.stderr).toContain(`push failed: cannot reach Starlight at ${url}: connection refused`);

    const garbage = await runCli(["push", "--url", url], { home, env: { STARLIGHT_STATE: state }, input: "not json" });
    expect(garbage.code).toBe(0);
    expect(garbage.stderr).toContain("the hook payload on stdin is not JSON");
  });

  it("in the background, failures go to ~/.starlight/push.log", async () => {
    const { home, state } = cliHome();
    const url = `http://127.0.0.1:${await closedPort()}`;
    const run = await runCli(["push", "--background", "--url", url], {
      home,
      env: { STARLIGHT_STATE: state },
      input: hookPayload(FLAT),
    });
    expect(run.code).toBe(0);
    const log = path.join(home, ".starlight", "push.log");
    const text = await waitFor(() =>
      fs.existsSync(log) && fs.readFileSync(log, "utf8").includes("failed") ? fs.readFileSync(log, "utf8") : undefined,
    );
    expect(text).toMatch(
      /^\S+Z starlight push: push failed: cannot reach Starlight at http:\/\/127\.0\.0\.1:\d+: connection refused/m,
    );
  });
});
