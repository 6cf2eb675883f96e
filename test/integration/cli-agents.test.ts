import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateCodexRollout } from "@/test/factories/generate/codex";
import { generateGeminiSessions } from "@/test/factories/generate/gemini";
import { geminiProjectFolder } from "@/lib/ingest/gemini/files";
import { startAppServer, type AppServer } from "./support/app-server";
import { sessionsByProject } from "./support/cli-checks";
import { cliHome, removeCliHomes, runCli } from "./support/run-cli";

/**
 * A home folder as a developer who uses five agents has it: ~/.claude/projects, ~/.codex/sessions, ~/.gemini/tmp,
 * Antigravity CLI's ~/.gemini/antigravity-cli (inside Gemini's folder) and OpenCode's ~/.local/share/opencode.
 */
const { home, state } = cliHome();
const rollouts = [1, 2, 3].map((i) =>
  generateCodexRollout({ seed: 40 + i, turns: 3, cwd: "/home/dev/src/widget", start: Date.UTC(2026, 4, 10 + i, 9) }),
);

// Sessions under a named project folder (older versions named it by a hash, which needs --project).
const chats = generateGeminiSessions({ seed: 7, count: 8 }).filter((f) => !/^[0-9a-f]{64}\//.test(f.path));
const geminiProjects: Record<string, number> = {};
for (const chat of chats)
  geminiProjects[geminiProjectFolder(chat.path)!] = (geminiProjects[geminiProjectFolder(chat.path)!] ?? 0) + 1;
// test/fixtures/antigravity and test/fixtures/opencode, counted by hand in their READMEs.
const newerAgents: Record<string, number> = { greeter: 1, blog: 2, shop: 1 };
const expected: Record<string, number> = { "deep-manifest": 1, widget: 3 };
for (const counts of [geminiProjects, newerAgents])
  for (const [slug, n] of Object.entries(counts)) expected[slug] = (expected[slug] ?? 0) + n;

let app: AppServer;
beforeAll(async () => {
  app = await startAppServer();
  fs.cpSync(
    "test/fixtures/claude-code/-src-deep-manifest",
    path.join(home, ".claude", "projects", "-src-deep-manifest"),
    { recursive: true },
  );
  for (const rollout of rollouts) {
    const file = path.join(home, ".codex", "sessions", rollout.name);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, rollout.text);
  }
  for (const chat of chats) {
    const file = path.join(home, ".gemini", "tmp", chat.path);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, chat.content);
  }
  fs.cpSync("test/fixtures/antigravity/antigravity-cli", path.join(home, ".gemini", "antigravity-cli"), {
    recursive: true,
  });
  fs.cpSync("test/fixtures/opencode/storage", path.join(home, ".local", "share", "opencode", "storage"), {
    recursive: true,
  });
  // Neither a hidden folder nor a link below the agent's folder is walked (docs/walking.md).
  fs.mkdirSync(path.join(home, ".codex", "sessions", ".trash"), { recursive: true });
  fs.writeFileSync(
    path.join(home, ".codex", "sessions", ".trash", path.basename(rollouts[0]!.name)),
    rollouts[0]!.text,
  );
});
afterAll(async () => {
  await app.close();
  removeCliHomes();
});

describe("starlight import with no folder", () => {
  const run = () => runCli(["import", "--url", app.url], { home, env: { STARLIGHT_STATE: state } });

  it("imports every agent history it finds in the home folder, each session into the project its cwd names", async () => {
    expect(Object.keys(geminiProjects).length).toBeGreaterThan(0);
    const result = await run();
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain(
      `Found Claude Code (${path.join(home, ".claude", "projects")}), Codex CLI (${path.join(home, ".codex")}), Gemini CLI (${path.join(home, ".gemini")}),`,
    );
    expect(result.stdout).toContain("Codex CLI sessions in");
    expect(result.stdout).toContain(`OpenCode (${path.join(home, ".local", "share", "opencode")})`);
    expect(result.stdout).toContain(`Antigravity CLI (${path.join(home, ".gemini", "antigravity-cli")})`);
    expect(result.stdout).toContain("3 sessions (");
    expect(await sessionsByProject(app.url)).toEqual(expected);
  });

  it("a second run sends nothing, and every session is stored once", async () => {
    const requests = app.requests.length;
    const result = await run();
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout.match(/Nothing to upload/g)).toHaveLength(5);
    expect(app.requests.length).toBe(requests);
    expect(await sessionsByProject(app.url)).toEqual(expected);
  });

  it("says where it looked when the home folder holds no agent history", async () => {
    const empty = cliHome();
    const result = await runCli(["import", "--url", app.url], {
      home: empty.home,
      env: { STARLIGHT_STATE: empty.state },
    });
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain(`found no agent history in ${empty.home}`);
  });
});
