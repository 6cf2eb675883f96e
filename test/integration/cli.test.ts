import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateAcosPatterns, generateAcosTrajectories, toJsonl } from "@/test/factories/generate/acos";
import { startAppServer, type AppServer } from "./support/app-server";
import { adminToken } from "./support/auth";
import { closedPort, metaParts, sessionsByProject as listSessions } from "./support/cli-checks";
import { cliHome, removeCliHomes, runCli } from "./support/run-cli";

const FIXTURES = "test/fixtures/claude-code";

let app: AppServer;
beforeAll(async () => {
  app = await startAppServer();
});
afterAll(async () => {
  await app.close();
  removeCliHomes();
});

describe("starlight import of a ~/.claude/projects tree", () => {
  const { home, state } = cliHome();
  const env = { STARLIGHT_STATE: state };
  const importFixtures = () => runCli(["import", FIXTURES, "--url", app.url], { home, env });

  it("uploads every session with its sub-agents into three projects", async () => {
    const run = await importFixtures();
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain("6 sessions in 3 project folders");
    expect(run.stdout).toMatch(/Records: \d+ accepted, 0 duplicates, 0 rejected/);
    expect(run.stdout).toContain("Projects: ai-music, deep-manifest, worktrees.");
    expect(run.stdout).toContain("Sessions: 6 sent (with 7 sub-agent transcripts), 5 stored or updated.");
    expect(await listSessions(app.url)).toEqual({ "ai-music": 3, "deep-manifest": 1, worktrees: 1 });
    expect(await metaParts("ef958aa1-0e93-49f0-bb71-150f63befcd1")).toBe(6);
    expect(fs.existsSync(state)).toBe(true);
  });

  it("a second run skips every unchanged file and sends nothing", async () => {
    const requests = app.requests.length;
    const run = await importFixtures();
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/Nothing to upload: 19 files unchanged, skipped/);
    expect(app.requests.length).toBe(requests);
    expect(await listSessions(app.url)).toEqual({ "ai-music": 3, "deep-manifest": 1, worktrees: 1 });
  });

  it("without the state file, everything is sent again and reported as duplicates", async () => {
    fs.rmSync(state);
    const run = await importFixtures();
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/Records: 0 accepted, \d+ duplicates, 0 rejected/);
    expect(await listSessions(app.url)).toEqual({ "ai-music": 3, "deep-manifest": 1, worktrees: 1 });
  });

  it("--dry-run lists the sessions and sends nothing", async () => {
    const requests = app.requests.length;
    const run = await runCli(["import", FIXTURES, "--url", app.url, "--dry-run"], {
      home,
      env: { STARLIGHT_STATE: path.join(home, "none.json") },
    });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain("Dry run: would send 19 files");
    expect(run.stdout).toContain(
      "-experiments-worktrees/ef958aa1-0e93-49f0-bb71-150f63befcd1.jsonl + 6 sub-agents (13 files)",
    );
    expect(run.stdout).toContain(
      "-src-deep-manifest/a7da6a22-facc-4fcd-8bab-f83c87862004.jsonl + 1 sub-agent (2 files)",
    );
    expect(app.requests.length).toBe(requests);
  });
});

describe("starlight import of sub-agents whose main transcript is not there", () => {
  const { home, state } = cliHome();
  const env = { STARLIGHT_STATE: state };
  const tree = path.join(home, "projects");
  /** The fixtures' session with six sub-agents, under another id so that nothing stored yet holds it. */
  const session = "ef958aa1-0e93-49f0-bb71-150f63befcd1";
  const renamed = "0e0e0e0e-0000-4000-8000-000000000019";
  const copy = (from: string, to = from) => {
    const target = path.join(tree, to.replaceAll(session, renamed));
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, fs.readFileSync(path.join(FIXTURES, from), "utf8").replaceAll(session, renamed));
  };

  it("says how many sub-agent files wait for their main transcript, then stores them with it when it comes", async () => {
    // Beside another session, as in a real tree: a folder holding sub-agents alone is not taken for a project folder.
    copy(
      "-src-deep-manifest/a7da6a22-facc-4fcd-8bab-f83c87862004.jsonl",
      "-experiments-worktrees/a7da6a22-facc-4fcd-8bab-f83c87862004.jsonl",
    );
    const subagents = path.join("-experiments-worktrees", session, "subagents");
    for (const name of fs.readdirSync(path.join(FIXTURES, subagents))) copy(path.join(subagents, name));
    const first = await runCli(["import", tree, "--url", app.url], { home, env });
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toContain(
      "12 sub-agent files waiting for their main transcript (1 session): kept, and stored with their session once its main transcript is sent.",
    );
    expect(first.stdout).toContain("Projects: deep-manifest, worktrees.");

    copy(path.join("-experiments-worktrees", `${session}.jsonl`));
    const second = await runCli(["import", tree, "--url", app.url], { home, env });
    expect(second.code, second.stderr).toBe(0);
    expect(second.stdout).not.toContain("waiting for their main transcript");
    expect(second.stdout).toContain("1 stored or updated");
  });
});

describe("starlight import of an ACOS trajectories folder", () => {
  const { home, state } = cliHome();
  const folder = path.join(home, "work", "acos-app", ".claude", "trajectories");
  const records = generateAcosTrajectories({ seed: 7, count: 12 });

  beforeAll(() => {
    fs.mkdirSync(folder, { recursive: true });
    for (const r of records) fs.writeFileSync(path.join(folder, `${r.type}_${r.id}.json`), JSON.stringify(r, null, 2));
    fs.writeFileSync(path.join(folder, "patterns.json"), JSON.stringify(generateAcosPatterns({ seed: 7, count: 5 })));
    fs.writeFileSync(
      path.join(folder, "_active.json"),
      JSON.stringify({ ...records[0], id: "traj_active_0000", completedAt: undefined }),
    );
    fs.writeFileSync(
      path.join(folder, "_operations.jsonl"),
      toJsonl([
        { t: "Read", ts: 1 },
        { t: "Edit", ts: 2 },
      ]),
    );
  });

  it("names the project after the folder that contains .claude/, and skips _active.json and _operations.jsonl", async () => {
    const run = await runCli(["import", path.join(home, "work", "acos-app"), "--url", app.url, "--batch-size", "5"], {
      home,
      env: { STARLIGHT_STATE: state },
    });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain(`→ project "acos-app" (the folder that contains .claude/`);
    expect(run.stdout).toContain("Sent 13 files");
    expect(run.stdout).toContain("in 3 requests");
    expect(run.stdout).toContain("Records: 17 accepted, 0 duplicates, 0 rejected.");
    expect((await listSessions(app.url))["acos-app"]).toBe(12);
  });

  it("--project wins, and a folder outside .claude/ without --project is refused with the reason", async () => {
    const loose = path.join(home, "loose");
    fs.cpSync(folder, loose, { recursive: true });
    const refused = await runCli(["import", loose, "--url", app.url], { home, env: { STARLIGHT_STATE: state } });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("add --project <slug>");

    const named = await runCli(["import", loose, "--url", app.url, "--project", "Other App"], {
      home,
      env: { STARLIGHT_STATE: state },
    });
    expect(named.code, named.stderr).toBe(0);
    expect(named.stdout).toContain(`→ project "Other App" (from --project)`);
    expect((await listSessions(app.url))["other-app"]).toBe(12);
  });

  it("reports rejected records with file, line, field and message, and exits non-zero", async () => {
    const bad = path.join(home, "bad", ".claude", "trajectories");
    fs.mkdirSync(bad, { recursive: true });
    fs.writeFileSync(
      path.join(bad, "general_traj_1_bad.json"),
      toJsonl([records[0], { ...records[1], successScore: "high" }]),
    );
    const run = await runCli(["import", bad, "--url", app.url], { home, env: { STARLIGHT_STATE: state } });
    expect(run.code).toBe(1);
    expect(run.stdout).toContain("Records: 1 accepted, 0 duplicates, 1 rejected.");
    expect(run.stderr).toMatch(/general_traj_1_bad\.json line 2, field successScore: /);

    // Files with rejections are not remembered: the next run tries them again.
    const again = await runCli(["import", bad, "--url", app.url], { home, env: { STARLIGHT_STATE: state } });
    expect(again.code).toBe(1);
  });
});

describe("starlight import when the server cannot be reached", () => {
  it("says so clearly and exits non-zero", async () => {
    const { home, state } = cliHome();
    const url = `http://127.0.0.1:${await closedPort()}`;
    const run = await runCli(["import", FIXTURES, "--url", url], { home, env: { STARLIGHT_STATE: state } });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`cannot reach Starlight at ${url}: connection refused — is it running? (npm start)`);
    expect(fs.existsSync(state)).toBe(false);
  });

  it("rejects a bad command line with usage help", async () => {
    const { home } = cliHome();
    const run = await runCli(["import", "one", "two"], { home });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("starlight --help");
  });
});

describe("the starlight command", () => {
  it("says how to build it when its bundle is missing", async () => {
    const { home } = cliHome();
    const clone = path.join(home, "clone");
    fs.mkdirSync(path.join(clone, "bin"), { recursive: true });
    fs.copyFileSync(path.resolve("bin/starlight.mjs"), path.join(clone, "bin", "starlight.mjs"));
    const run = spawnSync(process.execPath, [path.join(clone, "bin", "starlight.mjs"), "--help"], { encoding: "utf8" });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(
      `${path.join(clone, "cli", "dist", "starlight.mjs")} is missing): run npm install in ${clone}`,
    );
  });

  it("walks as the server does: no link followed, no dotfile, no set-aside copy, nothing from tool-results/", async () => {
    const { home, state } = cliHome();
    const session = "11111111-1111-4111-8111-111111111111";
    const folder = path.join(home, "projects", "-src-app");
    const line = JSON.stringify({
      type: "user",
      uuid: "u1",
      parentUuid: null,
      sessionId: session,
      cwd: "/src/app",
      message: { role: "user", content: "hi" },
    });
    fs.mkdirSync(path.join(folder, session, "tool-results"), { recursive: true });
    for (const name of [
      `${session}.jsonl`,
      `${session}.jsonl.orphaned-1736000000`,
      `.${session}.jsonl`,
      `${session}/tool-results/agent-x.jsonl`,
    ]) {
      fs.writeFileSync(path.join(folder, name), line);
    }
    fs.symlinkSync(path.join(FIXTURES, "-src-deep-manifest"), path.join(home, "projects", "linked"));
    const run = await runCli(["import", path.join(home, "projects"), "--url", "http://127.0.0.1:9", "--dry-run"], {
      home,
      env: { STARLIGHT_STATE: state },
    });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain("1 session in 1 project folder (1 file,");
    expect(run.stdout.trim().split("\n").at(-1)?.trim()).toBe(`-src-app/${session}.jsonl`);
  });
});

describe("starlight import and the API token", () => {
  const single = path.join(FIXTURES, "-src-deep-manifest");

  it("without a token, or with an unknown one, the server refuses the upload with 401 and nothing is remembered", async () => {
    for (const token of [null, "sl_unknown-token-0000000000000000000000000000"]) {
      const { home, state } = cliHome();
      const run = await runCli(["import", single, "--url", app.url], { home, env: { STARLIGHT_STATE: state }, token });
      expect(run.code, String(token)).toBe(1);
      expect(run.stderr).toContain("Starlight refused the upload (HTTP 401)");
      expect(run.stderr).toContain("(unauthenticated)");
      expect(fs.existsSync(state)).toBe(false);
    }
  });

  it("sends --token as the bearer token, and it wins over STARLIGHT_TOKEN", async () => {
    const { home, state } = cliHome();
    const env = { STARLIGHT_STATE: state, STARLIGHT_TOKEN: "sl_wrong-token-from-the-environment-000000000" };
    const run = await runCli(["import", single, "--url", app.url, "--token", await adminToken()], {
      home,
      env,
      token: null,
    });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/Records: 0 accepted, \d+ duplicates, 0 rejected/);
    expect(fs.existsSync(state)).toBe(true);
  });
});
