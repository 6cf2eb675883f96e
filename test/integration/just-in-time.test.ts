import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PATCH as patchProject } from "@/app/api/v1/projects/[slug]/route";
import { POST as postReview } from "@/app/api/v1/projects/[slug]/guidance/review/route";
import { getDb } from "@/db/client";
import { openPeriod } from "@/db/queries/experiments";
import { setReviewSetting } from "@/db/queries/guidance-reviews";
import { getProjectBySlug } from "@/db/queries/projects";
import { toolCallNotes } from "@/db/schema";
import { assignArm, splitRules } from "@/lib/experiment/arm";
import { deliverGuidance, experimentReport, setHoldoutShare } from "@/lib/server/experiment";
import { guidanceReview } from "@/lib/server/guidance-review";
import { postFiles } from "./ingest-client";
import { startAppServer, type AppServer } from "./support/app-server";
import { browserRequest, seedAdmin } from "./support/auth";
import { closedPort } from "./support/cli-checks";
import { claudeFixtureFiles } from "./support/fixture-files";
import { codexHooksFile, claudeHooksFile, geminiHooksFile } from "./support/plugin-manifests";
import { asClaudeCode, asGeminiCli, installPluginCopy, onlyHook, runHookCommand } from "./support/plugin-hooks";

/**
 * The known mistake of the deep-manifest fixture: `pytest` outside the virtualenv fails with "command not found",
 * and `(source .venv/bin/activate && pytest)` passed in 9 of 10 runs. A replay of a session that makes it again
 * drives the plugin's hooks exactly as Claude Code runs them, from an installed copy of the plugin.
 */
const SLUG = "deep-manifest";
const CWD = "/src/deep-manifest";
const WORKING = "(source .venv/bin/activate && pytest)";
const COMMAND_ITEM = "command:test:source .venv/bin/activate && pytest";
const FAILURE_ITEM = "failure:command:pytest:pytest: command not found";
/** The fixture's session that ran `pytest` outside the virtualenv. */
const FIXTURE_SESSION = "a7da6a22-facc-4fcd-8bab-f83c87862004";
const ERROR = "Exit code 127\n/bin/bash: line 1: pytest: command not found";

const readJson = (file: string): unknown => JSON.parse(fs.readFileSync(file, "utf8"));

const folders: string[] = [];
const tempFolder = (prefix: string) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  folders.push(dir);
  return dir;
};

let app: AppServer;
let token: string;
let root: string;
beforeAll(async () => {
  app = await startAppServer();
  token = (await seedAdmin()).token;
  const { status } = await postFiles(claudeFixtureFiles());
  expect(status).toBe(200);
  root = installPluginCopy(tempFolder("starlight-plugin-cache-"));
}, 60_000); // the fixtures' ingest: seconds on a busy machine
afterAll(async () => {
  await app.close();
  for (const dir of folders.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

type Event = "PreToolUse" | "PostToolUseFailure";

/** Claude Code's hook for `event`, run from the installed copy's hooks.json with the plugin's options. */
async function claudeHook(event: Event, call: Record<string, unknown>, serverUrl = app.url) {
  const hooks = claudeHooksFile.parse(readJson(path.join(root, "hooks", "hooks.json")));
  const { hook, env } = asClaudeCode(
    onlyHook(hooks, event),
    root,
    { server_url: serverUrl, api_token: token },
    tempFolder("starlight-home-"),
  );
  const run = await runHookCommand(
    hook,
    env,
    JSON.stringify({ cwd: CWD, hook_event_name: event, permission_mode: "default", tool_use_id: "toolu_1", ...call }),
  );
  expect(run.code, run.stderr).toBe(0);
  return run;
}

const bash = (session: string, command: string) => ({
  session_id: session,
  tool_name: "Bash",
  tool_input: { command, description: "Run tests" },
});
const before = (session: string, command = "pytest") => claudeHook("PreToolUse", bash(session, command));
const failed = (session: string, command = "pytest") =>
  claudeHook("PostToolUseFailure", { ...bash(session, command), error: ERROR, is_interrupt: false });

const context = (stdout: string) =>
  (JSON.parse(stdout) as { hookSpecificOutput: { additionalContext: string } }).hookSpecificOutput.additionalContext;
const notesOf = async (session: string) =>
  getDb()
    .select()
    .from(toolCallNotes)
    .where(
      and(
        eq(toolCallNotes.projectId, (await getProjectBySlug(getDb(), SLUG))!.id),
        eq(toolCallNotes.sessionId, session),
      ),
    )
    .all();

describe("notes at tool calls, through the plugin's hooks as Claude Code runs them", () => {
  it("names the working form before the known mistake and hands the fix after its failure, each once per session", async () => {
    const pre = await before("replay-1");
    expect(JSON.parse(pre.stdout)).toEqual({
      hookSpecificOutput: { hookEventName: "PreToolUse", additionalContext: expect.any(String) },
    });
    const note = context(pre.stdout);
    expect(note).toMatch(
      /^Starlight — data recorded from this project's sessions, quoted with its evidence \(not an instruction from Starlight\):\n- Tests: /,
    );
    expect(note).toContain(`\`${WORKING}\` — ran 10 times, passed 9`);
    expect(note).toContain("Failed instead: `pytest` (`pytest: command not found`)");

    const post = await failed("replay-1");
    expect(JSON.parse(post.stdout)).toHaveProperty("hookSpecificOutput.hookEventName", "PostToolUseFailure");
    expect(context(post.stdout)).toContain(
      `When \`pytest\` fails with \`pytest: command not found\`, what fixed it: \`${WORKING}\` passed instead — failed once`,
    );

    // The same mistake again in the same session: nothing more.
    expect((await before("replay-1")).stdout).toBe("");
    expect((await failed("replay-1")).stdout).toBe("");
    // The working form, and another session's first mistake.
    expect((await before("replay-1", WORKING)).stdout).toBe("");
    expect(context((await before("replay-2")).stdout)).toContain("Failed instead: `pytest`");

    expect((await notesOf("replay-1")).map((n) => [n.itemKey, n.moment, n.tool, n.delivery])).toEqual([
      [COMMAND_ITEM, "before", "Bash", "given"],
      [FAILURE_ITEM, "after", "Bash", "given"],
    ]);
  });

  it("withholds the notes from holdout sessions and draws each for guidance-arm sessions, records what became of each, and the report reads them", async () => {
    await setHoldoutShare(getDb(), SLUG, 0.5);
    const project = (await getProjectBySlug(getDb(), SLUG))!;
    const { salt, id } = (await openPeriod(getDb(), project.id))!;
    const pick = (wanted: (session: string) => boolean) => {
      let n = 0;
      while (!wanted(`arm-${n}`)) n++;
      return `arm-${n}`;
    };
    const guidanceArm = (session: string) => assignArm(session, salt, 0.5) === "guidance";
    const fates = async (session: string) =>
      (await notesOf(session)).map((n) => [n.itemKey, n.moment, n.delivery, n.experimentId]);

    const held = pick((s) => !guidanceArm(s));
    expect((await before(held)).stdout).toBe("");
    expect((await failed(held)).stdout).toBe("");
    expect(await fates(held)).toEqual([
      [COMMAND_ITEM, "before", "holdout", id],
      [FAILURE_ITEM, "after", "holdout", id],
    ]);
    const told = pick((s) => guidanceArm(s) && splitRules(s, salt, [COMMAND_ITEM]).told.length === 1);
    expect(context((await before(told)).stdout)).toContain("Failed instead: `pytest`");
    expect(await fates(told)).toEqual([[COMMAND_ITEM, "before", "given", id]]);
    const drawnOut = pick((s) => guidanceArm(s) && splitRules(s, salt, [COMMAND_ITEM]).leftOut.length === 1);
    expect((await before(drawnOut)).stdout).toBe("");
    expect((await before(drawnOut)).stdout).toBe("");
    expect(await fates(drawnOut)).toEqual([[COMMAND_ITEM, "before", "drawn-out", id]]);

    // The fixture's own session, enrolled, then due the note: its transcript ran `pytest` into "command not found".
    await deliverGuidance(getDb(), project, FIXTURE_SESSION, [], null);
    expect((await before(FIXTURE_SESSION)).code).toBe(0);
    const [fate] = await notesOf(FIXTURE_SESSION);
    const item = (await experimentReport(getDb(), SLUG))!.notes.items.find((i) => i.key === COMMAND_ITEM)!;
    const side = ({ given: "given", "drawn-out": "drawnOut", holdout: "holdout" } as const)[fate!.delivery];
    expect(item[side]).toEqual({ n: 1, recurred: 1, rate: 1 });
    await setHoldoutShare(getDb(), SLUG, 0);
  });

  it("with review on, quotes only what an owner accepted; asks first when the project says so; nothing when off", async () => {
    const project = (await getProjectBySlug(getDb(), SLUG))!;
    await setReviewSetting(getDb(), project.id, true);
    expect((await before("review-1")).stdout).toBe("");
    expect((await failed("review-1")).stdout).toBe("");

    const pending = (await guidanceReview(getDb(), SLUG))!.pending.find(
      (c) => c.key === "knowledge:command:test:source .venv/bin/activate && pytest",
    )!;
    const accepted = await postReview(
      await browserRequest(`http://localhost/api/v1/projects/${SLUG}/guidance/review`, {
        method: "POST",
        body: JSON.stringify({ decisions: [{ key: pending.key, hash: pending.hash, verdict: "accept" }] }),
      }),
      { params: Promise.resolve({ slug: SLUG }) },
    );
    expect(accepted.status).toBe(200);
    expect(context((await before("review-2")).stdout)).toContain("Failed instead: `pytest`");
    // The failure was not accepted: nothing after it.
    expect((await failed("review-2")).stdout).toBe("");

    const patch = async (body: unknown) =>
      patchProject(
        await browserRequest(`http://localhost/api/v1/projects/${SLUG}`, {
          method: "PATCH",
          body: JSON.stringify(body),
        }),
        { params: Promise.resolve({ slug: SLUG }) },
      );
    const asked = await patch({ justInTime: "ask" });
    expect(await asked.json()).toMatchObject({ justInTime: "ask" });
    const ask = JSON.parse((await before("review-3")).stdout) as { hookSpecificOutput: Record<string, string> };
    expect(ask.hookSpecificOutput).toMatchObject({
      hookEventName: "PreToolUse",
      permissionDecision: "ask",
      permissionDecisionReason: ask.hookSpecificOutput.additionalContext,
    });

    expect((await patch({ justInTime: "off" })).status).toBe(200);
    expect((await before("review-4")).stdout).toBe("");
    await patch({ justInTime: "on" });
    await setReviewSetting(getDb(), project.id, null);
  });

  it("lets the call go on untouched with the server down: exit 0, nothing on stdout, the reason on stderr", async () => {
    const down = `http://127.0.0.1:${await closedPort()}`;
    const run = await claudeHook("PreToolUse", bash("down-1", "pytest"), down);
    expect(run.stdout).toBe("");
    expect(run.stderr).toContain("the call goes on without a note");
  });
});

describe("notes at tool calls, through the plugin's Codex hooks", () => {
  it("names the working form before Codex's shell call and the fix after it failed", async () => {
    const hooks = codexHooksFile.parse(readJson(path.join(root, "hooks", "codex.json")));
    const env = {
      HOME: tempFolder("starlight-home-"),
      PLUGIN_ROOT: root,
      CLAUDE_PLUGIN_ROOT: root,
      STARLIGHT_URL: app.url,
      STARLIGHT_TOKEN: token,
    };
    const call = { session_id: "codex-replay-1", cwd: CWD, tool_name: "Bash", tool_input: { command: "pytest" } };
    const pre = await runHookCommand(
      onlyHook(hooks, "PreToolUse"),
      env,
      JSON.stringify({ ...call, hook_event_name: "PreToolUse" }),
    );
    expect(pre.code, pre.stderr).toBe(0);
    expect(context(pre.stdout)).toContain("Failed instead: `pytest`");
    const post = await runHookCommand(
      onlyHook(hooks, "PostToolUse"),
      env,
      JSON.stringify({ ...call, hook_event_name: "PostToolUse", tool_response: ERROR }),
    );
    expect(post.code, post.stderr).toBe(0);
    expect(context(post.stdout)).toContain(`what fixed it: \`${WORKING}\` passed instead`);
  });
});

describe("notes at tool calls, through the Gemini CLI extension's hook", () => {
  it("hands the fix after Gemini's shell call failed, and asks nothing of a call that went through", async () => {
    const extension = installPluginCopy(tempFolder("starlight-gemini-extensions-"), "starlight-gemini");
    const groups = geminiHooksFile.parse(readJson(path.join(extension, "hooks", "hooks.json"))).hooks.AfterTool ?? [];
    expect(groups.map((g) => g.matcher)).toEqual(["run_shell_command|write_file|replace"]);
    const hook = asGeminiCli(groups[0]!.hooks[0]!, extension);
    const env = {
      HOME: tempFolder("starlight-home-"),
      GEMINI_PROJECT_DIR: CWD,
      STARLIGHT_URL: app.url,
      STARLIGHT_TOKEN: token,
    };
    // Gemini CLI's AfterTool payload (hooks reference, "AfterTool"; its shell tool's result in packages/core/src/tools/shell.ts).
    const afterTool = (session: string, response: Record<string, unknown>) =>
      JSON.stringify({
        session_id: session,
        transcript_path: `/home/dev/.gemini/tmp/abc/chats/session-${session}.json`,
        cwd: CWD,
        hook_event_name: "AfterTool",
        timestamp: "2026-12-07T05:00:00.000Z",
        tool_name: "run_shell_command",
        tool_input: { command: "pytest", description: "Run the tests" },
        tool_response: response,
      });
    const failedRun = await runHookCommand(
      hook,
      env,
      afterTool("gemini-replay-1", {
        llmContent: "Output: /bin/bash: line 1: pytest: command not found\nExit Code: 127\nProcess Group PGID: 4242",
        returnDisplay: "/bin/bash: line 1: pytest: command not found",
      }),
    );
    expect(failedRun.code, failedRun.stderr).toBe(0);
    expect(JSON.parse(failedRun.stdout)).toHaveProperty("hookSpecificOutput.hookEventName", "AfterTool");
    expect(context(failedRun.stdout)).toContain(`what fixed it: \`${WORKING}\` passed instead`);
    expect((await notesOf("gemini-replay-1")).map((n) => [n.itemKey, n.moment, n.tool])).toEqual([
      [FAILURE_ITEM, "after", "run_shell_command"],
    ]);

    const passed = await runHookCommand(
      hook,
      env,
      afterTool("gemini-replay-2", {
        llmContent: "Output: 3 passed\nProcess Group PGID: 4243",
        returnDisplay: "3 passed",
      }),
    );
    expect(passed).toMatchObject({ code: 0, stdout: "", stderr: "" });
  });
});
