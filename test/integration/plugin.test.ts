import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { storeRecords } from "@/lib/server/store-records";
import { getProjectBySlug } from "@/db/queries/projects";
import { guidanceDeliveries, sessions, transcriptFiles } from "@/db/schema";
import { generateSessions } from "@/test/factories/generate/sessions";
import { issueToken } from "@/lib/server/auth/issue-token";
import { buildPluginBundle, buildPluginHook, pluginBundlePath, pluginHookPaths } from "../../scripts/build-cli.mjs";
import { startAppServer, type AppServer } from "./support/app-server";
import { seedAdmin } from "./support/auth";
import { closedPort } from "./support/cli-checks";
import { asClaudeCode, installPluginCopy, runHookCommand, type Hook } from "./support/plugin-hooks";
import {
  claudeHooksFile,
  claudeMarketplace,
  claudePluginManifest,
  codexHooksFile,
  codexMarketplace,
  codexPluginManifest,
  geminiExtensionManifest,
  geminiHooksFile,
  type HooksFile,
} from "./support/plugin-manifests";

const PLUGIN = path.resolve("plugins/starlight");
const FIXTURES = path.resolve("test/fixtures/claude-code");
const readJson = (file: string): unknown => JSON.parse(fs.readFileSync(path.resolve(file), "utf8"));

const claudeManifest = claudePluginManifest.parse(readJson("plugins/starlight/.claude-plugin/plugin.json"));
const claudeHooks = claudeHooksFile.parse(readJson("plugins/starlight/hooks/hooks.json"));
const codexManifest = codexPluginManifest.parse(readJson("plugins/starlight/.codex-plugin/plugin.json"));

/** The fixture sessions the hooks send: one per event, so each upload is a new session. */
const SESSIONS = {
  start: { folder: "-src-deep-manifest", sessionId: "a7da6a22-facc-4fcd-8bab-f83c87862004", cwd: "/src/deep-manifest" },
  end: { folder: "-Users-chip-dev-ai-music", cwd: "/Users/chip/dev/ai-music" },
  compact: {
    folder: "-experiments-worktrees",
    sessionId: "ef958aa1-0e93-49f0-bb71-150f63befcd1",
    cwd: "-experiments/worktrees",
  },
};

/** The one command hook a file holds for an event. */
function hookOf(file: HooksFile, event: keyof HooksFile["hooks"]): Hook {
  const groups = file.hooks[event] ?? [];
  expect(groups.flatMap((g) => g.hooks)).toHaveLength(1);
  return groups[0]!.hooks[0]!;
}

const folders: string[] = [];
function tempFolder(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  folders.push(dir);
  return dir;
}

/** The plugin as Claude Code and Codex install it, in a temp folder of this file's. */
const installedCopy = (): string => installPluginCopy(tempFolder("starlight-plugin-cache-"));

function transcript(s: { folder: string; sessionId?: string }): { sessionId: string; file: string } {
  const dir = path.join(FIXTURES, s.folder);
  const name = s.sessionId
    ? `${s.sessionId}.jsonl`
    : fs.readdirSync(dir).find((n) => n.endsWith(".jsonl") && !n.startsWith("agent-"))!;
  return { sessionId: path.basename(name, ".jsonl"), file: path.join(dir, name) };
}

/** A hook payload as Claude Code writes it on stdin (docs/formats.md#claude-code-hooks). */
function payload(
  event: string,
  s: { folder: string; sessionId?: string; cwd: string },
  extra: Record<string, string> = {},
): string {
  const t = transcript(s);
  return JSON.stringify({
    session_id: t.sessionId,
    transcript_path: t.file,
    cwd: s.cwd,
    hook_event_name: event,
    permission_mode: "default",
    ...extra,
  });
}

/** Processes still running a file of `root` (the background push's child, once it is done, must be gone). */
const processesOf = (root: string) =>
  execFileSync("ps", ["-eo", "args"], { encoding: "utf8" })
    .split("\n")
    .filter((line) => line.includes(root));

const stored = (sessionId: string) => getDb().select().from(sessions).where(eq(sessions.externalId, sessionId)).get();
const deliveriesOf = (sessionId: string) =>
  getDb().select().from(guidanceDeliveries).where(eq(guidanceDeliveries.sessionId, sessionId)).all();

async function waitFor<T>(probe: () => T | undefined | Promise<T | undefined>, ms = 15_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`nothing after ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

let app: AppServer;
/** A token as a user makes it for the plugin under Settings → API tokens: read and ingest, every project. */
let token: string;
beforeAll(async () => {
  app = await startAppServer();
  const { user } = await seedAdmin();
  token = (
    await issueToken(getDb(), {
      userId: user.id,
      name: "claude code plugin",
      permissions: ["read", "ingest"],
      projectIds: null,
    })
  ).token;
  await storeRecords(getDb(), "deep-manifest", {
    sessions: generateSessions({ seed: 9, count: 60, start: Date.UTC(2025, 0, 1), idPrefix: "dm-" }),
    patterns: [],
  });
});
afterAll(async () => {
  await app.close();
  for (const dir of folders.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe("the plugin's files", () => {
  it("match the documented schemas, and every path they name is in the plugin", () => {
    const marketplace = claudeMarketplace.parse(readJson(".claude-plugin/marketplace.json"));
    expect(marketplace.plugins).toEqual([
      expect.objectContaining({ name: claudeManifest.name, source: "./plugins/starlight" }),
    ]);
    const codex = codexMarketplace.parse(readJson(".agents/plugins/marketplace.json"));
    expect(codex.plugins).toEqual([
      expect.objectContaining({ name: codexManifest.name, source: { source: "local", path: "./plugins/starlight" } }),
    ]);
    expect(codexManifest.name).toBe(claudeManifest.name);

    // Codex reads only the hooks its manifest names, so Claude Code's hooks/hooks.json is not run twice there.
    expect(codexManifest.hooks).toBe("./hooks/codex.json");
    const codexHooks = codexHooksFile.parse(readJson("plugins/starlight/hooks/codex.json"));
    const commands = [claudeHooks, codexHooks].flatMap((f) =>
      Object.values(f.hooks).flatMap((groups) => (groups ?? []).flatMap((g) => g.hooks)),
    );
    expect(commands).toHaveLength(11);
    for (const { command } of commands) {
      expect(command).toMatch(
        /node "\$\{(CLAUDE_)?PLUGIN_ROOT\}\/dist\/(starlight\.mjs" (guidance --hook|push --background|event)|hook\.mjs" (pre-tool|post-tool))$/,
      );
    }
    expect(fs.existsSync(path.join(PLUGIN, "dist", "starlight.mjs"))).toBe(true);
    expect(fs.existsSync(path.join(PLUGIN, "dist", "hook.mjs"))).toBe(true);

    // Gemini CLI's extension is its own folder: it reads hooks/hooks.json, the path Claude Code's hooks take here.
    const gemini = geminiExtensionManifest.parse(readJson("plugins/starlight-gemini/gemini-extension.json"));
    expect(gemini.name).toBe("starlight-gemini");
    const geminiHooks = geminiHooksFile.parse(readJson("plugins/starlight-gemini/hooks/hooks.json"));
    const geminiCommands = Object.values(geminiHooks.hooks).flatMap((groups) => (groups ?? []).flatMap((g) => g.hooks));
    expect(geminiCommands.map((h) => h.command)).toEqual(['node "${extensionPath}${/}dist${/}hook.mjs" post-tool']);
    expect(fs.existsSync(path.resolve("plugins/starlight-gemini/dist/hook.mjs"))).toBe(true);
  });

  it("ask for the server and the token once, the token kept as a secret, and give the MCP server both", () => {
    expect(claudeManifest.userConfig).toMatchObject({
      server_url: { type: "string", required: true },
      api_token: { type: "string", sensitive: true, required: true },
    });
    expect(claudeManifest.userConfig?.server_url?.sensitive).toBeUndefined();
    // An option left at its default may reach a hook unset: the command then falls back to the same URL.
    const cliDefault = /const DEFAULT_URL = "([^"]+)"/.exec(
      fs.readFileSync(path.resolve("cli/config.ts"), "utf8"),
    )?.[1];
    expect(claudeManifest.userConfig?.server_url?.default).toBe(cliDefault);
    expect(claudeManifest.mcpServers).toEqual({
      starlight: {
        type: "http",
        url: "${user_config.server_url}/api/v1/mcp",
        headers: { Authorization: "Bearer ${user_config.api_token}" },
      },
    });
    // The hooks read the options from the environment Claude Code gives them, never from a file.
    for (const event of ["SessionStart", "PreCompact", "SessionEnd"] as const) {
      expect(hookOf(claudeHooks, event).command).toMatch(
        /^STARLIGHT_URL="\$CLAUDE_PLUGIN_OPTION_SERVER_URL" STARLIGHT_TOKEN="\$CLAUDE_PLUGIN_OPTION_API_TOKEN" node /,
      );
    }
  });

  it("carry the plugin's copy of the command as the current sources build it (rebuild with npm run build:plugin)", async () => {
    expect(fs.readFileSync(pluginBundlePath, "utf8") === (await buildPluginBundle())).toBe(true);
    const hook = await buildPluginHook();
    for (const file of pluginHookPaths) expect(fs.readFileSync(file, "utf8") === hook, file).toBe(true);
  });
});

describe("the Claude Code hooks, run from hooks.json as Claude Code runs them", () => {
  it("SessionStart prints the project's guidance for the session and records its delivery", async () => {
    const root = installedCopy();
    const home = tempFolder("starlight-home-");
    const { hook, env } = asClaudeCode(
      hookOf(claudeHooks, "SessionStart"),
      root,
      { server_url: app.url, api_token: token },
      home,
    );
    const run = await runHookCommand(hook, env, payload("SessionStart", SESSIONS.start, { source: "startup" }));
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toBe("");
    expect(JSON.parse(run.stdout)).toHaveProperty(
      "hookSpecificOutput.additionalContext",
      expect.stringContaining("Starlight guidance: deep-manifest"),
    );
    expect(await deliveriesOf(SESSIONS.start.sessionId)).toMatchObject([
      { projectId: (await getProjectBySlug(getDb(), "deep-manifest"))!.id, arm: "guidance", requests: 1 },
    ]);
  });

  it("SessionEnd and PreCompact hand the upload to the background, return at once and the session lands", async () => {
    const root = installedCopy();
    for (const [event, session] of [
      ["SessionEnd", SESSIONS.end],
      ["PreCompact", SESSIONS.compact],
    ] as const) {
      const home = tempFolder("starlight-home-");
      const { hook, env } = asClaudeCode(
        hookOf(claudeHooks, event),
        root,
        { server_url: app.url, api_token: token },
        home,
      );
      const run = await runHookCommand(
        hook,
        env,
        payload(event, session, event === "SessionEnd" ? { reason: "prompt_input_exit" } : { trigger: "auto" }),
      );
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout + run.stderr).toBe("");
      expect(run.ms).toBeLessThan(hook.timeout * 1000);
      const { sessionId } = transcript(session);
      await waitFor(() => stored(sessionId));
      const log = path.join(home, ".starlight", "push.log");
      const text = await waitFor(() =>
        fs.existsSync(log) && fs.readFileSync(log, "utf8").includes("pushed")
          ? fs.readFileSync(log, "utf8")
          : undefined,
      );
      expect(text).toContain(`pushed session ${sessionId}`);
    }
    await waitFor(() => (processesOf(root).length === 0 ? true : undefined), 5_000);
  });

  it("PermissionDenied and StopFailure relay their event, which Starlight keeps with its session, and exit 0", async () => {
    const root = installedCopy();
    const sessionId = "44444444-4444-4444-8444-000000000001";
    const common = {
      session_id: sessionId,
      cwd: "/home/dev/deep-manifest",
      transcript_path: `/home/dev/.claude/projects/-home-dev-deep-manifest/${sessionId}.jsonl`,
    };
    const events = [
      {
        ...common,
        hook_event_name: "PermissionDenied",
        tool_name: "Bash",
        tool_input: { command: "rm -rf /" },
        tool_use_id: "toolu_x",
        reason: "outside the project",
      },
      {
        ...common,
        hook_event_name: "StopFailure",
        error: "rate_limit",
        last_assistant_message: "API Error: Rate limit reached",
      },
    ];
    for (const event of events) {
      const { hook, env } = asClaudeCode(
        hookOf(claudeHooks, event.hook_event_name as keyof HooksFile["hooks"]),
        root,
        { server_url: app.url, api_token: token },
        tempFolder("starlight-home-"),
      );
      const run = await runHookCommand(hook, env, JSON.stringify(event));
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout).toBe("");
      expect(run.stderr).toContain('"kept":true');
    }
    const parts = await getDb()
      .select({ part: transcriptFiles.part })
      .from(transcriptFiles)
      .where(eq(transcriptFiles.sessionId, sessionId))
      .all();
    expect(parts.map((p) => p.part.split("-")[0]).sort()).toEqual(["hook:denied", "hook:failure"]);
  });

  it("never fail or print with the server down: exit 0, nothing on stdout, the reason on stderr or in the push log", async () => {
    const root = installedCopy();
    const down = `http://127.0.0.1:${await closedPort()}`;
    for (const event of ["SessionStart", "PreCompact", "SessionEnd"] as const) {
      const home = tempFolder("starlight-home-");
      const { hook, env } = asClaudeCode(
        hookOf(claudeHooks, event),
        root,
        { server_url: down, api_token: token },
        home,
      );
      const run = await runHookCommand(hook, env, payload(event, SESSIONS.start));
      expect(run.code, `${event}: ${run.stderr}`).toBe(0);
      expect(run.stdout).toBe("");
      if (event === "SessionStart") {
        expect(run.stderr).toContain(`cannot reach Starlight at ${down}`);
      } else {
        const log = path.join(home, ".starlight", "push.log");
        const text = await waitFor(() =>
          fs.existsSync(log) && fs.readFileSync(log, "utf8").includes("failed")
            ? fs.readFileSync(log, "utf8")
            : undefined,
        );
        expect(text).toContain(`push failed: cannot reach Starlight at ${down}: connection refused`);
      }
    }
  });
});

describe("the Codex hooks, run from codex.json as Codex runs them", () => {
  it("take the server and token from the environment Codex was started in; SessionStart prints the guidance", async () => {
    const root = installedCopy();
    const codexHooks = codexHooksFile.parse(readJson(path.join(root, "hooks", "codex.json")));
    // Codex exports the plugin's folder as PLUGIN_ROOT (and CLAUDE_PLUGIN_ROOT) and leaves ${…} to the shell.
    const env = {
      HOME: tempFolder("starlight-home-"),
      PLUGIN_ROOT: root,
      CLAUDE_PLUGIN_ROOT: root,
      STARLIGHT_URL: app.url,
      STARLIGHT_TOKEN: token,
    };
    const start = await runHookCommand(
      hookOf(codexHooks, "SessionStart"),
      env,
      JSON.stringify({
        session_id: "codex-plugin-1",
        cwd: "/home/dev/deep-manifest",
        hook_event_name: "SessionStart",
        source: "startup",
      }),
    );
    expect(start.code, start.stderr).toBe(0);
    expect(JSON.parse(start.stdout)).toHaveProperty(
      "hookSpecificOutput.additionalContext",
      expect.stringContaining("Starlight guidance: deep-manifest"),
    );
    expect(await deliveriesOf("codex-plugin-1")).toHaveLength(1);
  });
});
