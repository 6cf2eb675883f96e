import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { AGENTS, findSessions } from "./agents";
import { sessionGroup } from "./claude-code";

// The walking policy of docs/walking.md, on real folders. The CLI (`starlight import`, `push`) and the server's
// sync both walk with these functions, so what holds here holds for both.

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "starlight-walk-"));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

const S1 = "11111111-1111-4111-8111-111111111111";
const S2 = "22222222-2222-4222-8222-222222222222";
const line = (sessionId: string, n = 1) =>
  JSON.stringify({
    type: "user",
    uuid: `u-${sessionId}-${n}`,
    parentUuid: null,
    sessionId,
    cwd: "/src/app",
    message: { role: "user", content: "hi" },
  });

/** Writes `files` (path → content) under a fresh folder; answers its path. */
function tree(name: string, files: Record<string, string>): string {
  const root = path.join(tmp, name);
  for (const [file, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), content);
  }
  return root;
}

const names = async (dir: string) =>
  (await findSessions(dir))?.groups.flatMap((g) => g.files.map((f) => f.name)) ?? null;

describe("Claude Code trees", () => {
  it("sends a folder's memory files (memory/*.md) as one group after its sessions, and with a hook's session", async () => {
    const root = tree("memory", {
      [`p/${S1}.jsonl`]: line(S1),
      "p/memory/MEMORY.md": "- Run `make check`",
      "p/memory/deploy.md": "- Staging needs the VPN",
      "p/memory/notes.txt": "not a memory file",
      "p/memory/.draft.md": "a dotfile is never listed",
    });
    const found = await findSessions(root);
    expect(found?.groups.at(-1)).toMatchObject({ label: "p/memory", subagents: 0, session: false });
    expect(found?.groups.at(-1)?.files.map((f) => f.name)).toEqual(["p/memory/deploy.md", "p/memory/MEMORY.md"]);
    const pushed = await sessionGroup(path.join(root, "p", `${S1}.jsonl`), S1);
    expect(pushed.files.map((f) => f.name)).toEqual([`p/${S1}.jsonl`, "p/memory/deploy.md", "p/memory/MEMORY.md"]);
  });

  it("groups each session with its sub-agents in both layouts, named relative to the projects root", async () => {
    const root = tree("layouts", {
      [`p/${S1}.jsonl`]: line(S1),
      [`p/${S1}/subagents/agent-a1.jsonl`]: line(S1, 2),
      [`p/${S1}/subagents/agent-a1.meta.json`]: JSON.stringify({ agentType: "Explore", description: "look" }),
      [`p/agent-f1.jsonl`]: line(S2, 3),
      [`p/${S2}.jsonl`]: line(S2),
      [`q/agent-lonely.jsonl`]: line("33333333-3333-4333-8333-333333333333"),
    });
    const found = await findSessions(root);
    expect(found).toMatchObject({ kind: "claude-projects", root, folders: ["p", "q"] });
    expect(found?.groups).toEqual([
      expect.objectContaining({ label: `p/${S1}.jsonl`, subagents: 1, session: true }),
      expect.objectContaining({ label: `p/${S2}.jsonl`, subagents: 1, session: true }),
      expect.objectContaining({
        label: "q/33333333-3333-4333-8333-333333333333 (sub-agents only)",
        subagents: 1,
        session: false,
      }),
    ]);
    expect(found?.groups[0]?.files.map((f) => f.name)).toEqual([
      `p/${S1}.jsonl`,
      `p/${S1}/subagents/agent-a1.jsonl`,
      `p/${S1}/subagents/agent-a1.meta.json`,
    ]);
    expect(found?.groups[1]?.files.map((f) => f.name)).toEqual([`p/${S2}.jsonl`, "p/agent-f1.jsonl"]);
  });

  it("groups a workflow run's sub-agents, its definition and nested sub-agents with their session; not the run's journal", async () => {
    const root = tree("workflows", {
      [`p/${S1}.jsonl`]: line(S1),
      [`p/${S1}/subagents/agent-a1.jsonl`]: line(`${S1}#agent-a1`, 2),
      [`p/${S1}/subagents/workflows/wf_1/agent-w1.jsonl`]: line(S1, 3),
      [`p/${S1}/subagents/workflows/wf_1/agent-w1.meta.json`]: JSON.stringify({ label: "verify", phase: "check" }),
      [`p/${S1}/subagents/workflows/wf_1/journal.jsonl`]: JSON.stringify({ type: "started", label: "verify" }),
      [`p/${S1}/subagents/workflows/wf_1/a/b/c/d/e/agent-deep.jsonl`]: line(S1, 4),
      [`p/${S1}/workflows/wf_1.json`]: JSON.stringify({ runId: "wf_1", workflowName: "sweep" }),
      [`p/${S1}/tool-results/toolu_1.txt`]: "big output",
      // A run whose main transcript has not arrived still travels, as its session's sub-agents.
      [`p/${S2}/subagents/workflows/wf_2/agent-w2.jsonl`]: line(S2, 5),
    });
    const found = await findSessions(root);
    expect(found?.groups).toEqual([
      expect.objectContaining({ label: `p/${S1}.jsonl`, subagents: 3, session: true }),
      expect.objectContaining({ label: `p/${S2} (sub-agents only)`, subagents: 1, session: false }),
    ]);
    expect(found?.groups[0]?.files.map((f) => f.name)).toEqual([
      `p/${S1}.jsonl`,
      `p/${S1}/subagents/agent-a1.jsonl`,
      `p/${S1}/subagents/workflows/wf_1/agent-w1.jsonl`,
      `p/${S1}/subagents/workflows/wf_1/agent-w1.meta.json`,
      `p/${S1}/subagents/workflows/wf_1/a/b/c/d/e/agent-deep.jsonl`,
      `p/${S1}/workflows/wf_1.json`,
    ]);
  });

  it("finds the same sessions from ~/.claude, ~/.claude/projects and one project folder", async () => {
    const home = tree("home", { [`.claude/projects/p/${S1}.jsonl`]: line(S1) });
    for (const dir of [
      path.join(home, ".claude"),
      path.join(home, ".claude", "projects"),
      path.join(home, ".claude", "projects", "p"),
    ]) {
      expect(await names(dir), dir).toEqual([`p/${S1}.jsonl`]);
    }
  });

  it("never takes Claude Code's set-aside copies, _*.jsonl or anything in <session>/tool-results/ for a session", async () => {
    const root = tree("copies", {
      [`p/${S1}.jsonl`]: line(S1),
      [`p/${S1}.jsonl.orphaned-1736000000`]: line(S1),
      [`p/${S1}.jsonl.superseded-2`]: line(S1),
      [`p/${S2}.jsonl.orphaned-1736000000.jsonl`]: line(S2),
      [`p/_operations.jsonl`]: line(S2),
      [`p/${S1}/tool-results/toolu_01.txt`]: "big output",
      [`p/${S1}/tool-results/toolu_02.json`]: "{}",
      [`p/${S1}/tool-results/agent-x.jsonl`]: line(S1),
    });
    expect(await names(root)).toEqual([`p/${S1}.jsonl`]);
  });

  it("skips dotfiles and dot-folders below the folder named", async () => {
    const root = tree("dots", {
      [`p/${S1}.jsonl`]: line(S1),
      [`p/.${S2}.jsonl`]: line(S2),
      [`.hidden/${S2}.jsonl`]: line(S2),
      [`p/${S1}/subagents/.agent-h.jsonl`]: line(S1),
    });
    expect(await names(root)).toEqual([`p/${S1}.jsonl`]);
  });

  it("follows no symbolic link below the folder named, so nothing outside it is read; the folder named may be one", async () => {
    const outside = tree("outside", {
      [`${S2}.jsonl`]: line(S2),
      [`sub/agent-o.jsonl`]: line(S1),
      [`other/${S2}.jsonl`]: line(S2),
    });
    const root = tree("links", { [`p/${S1}.jsonl`]: line(S1) });
    fs.symlinkSync(path.join(outside, `${S2}.jsonl`), path.join(root, "p", `${S2}.jsonl`));
    fs.mkdirSync(path.join(root, "p", S1));
    fs.symlinkSync(path.join(outside, "sub"), path.join(root, "p", S1, "subagents"));
    fs.symlinkSync(path.join(outside, "other"), path.join(root, "linked-project"));
    fs.symlinkSync(root, path.join(root, "p", "loop"));
    expect(await names(root)).toEqual([`p/${S1}.jsonl`]);

    const alias = path.join(tmp, "alias");
    fs.symlinkSync(root, alias);
    expect(await names(alias)).toEqual([`p/${S1}.jsonl`]);
  });

  it("does not take a folder of other JSONL files for Claude Code", async () => {
    const root = tree("not-claude", { "p/events.jsonl": JSON.stringify({ level: "info", msg: "started" }) });
    expect(await findSessions(root)).toBeNull();
    expect(await AGENTS["claude-projects"].find(root)).toBeNull();
  });
});

describe("a hook's session (push)", () => {
  it("is the transcript named, followed if it is a link, with its nested and flat sub-agents and no one else's", async () => {
    const root = tree("push", {
      [`p/${S1}.jsonl`]: line(S1),
      [`p/${S1}/subagents/agent-n.jsonl`]: line(S1, 2),
      [`p/${S1}/tool-results/toolu_01.txt`]: "out",
      [`p/agent-mine.jsonl`]: line(S1, 3),
      [`p/agent-theirs.jsonl`]: line(S2, 3),
      [`p/agent-copy.jsonl.orphaned-1`]: line(S1, 4),
    });
    const group = await sessionGroup(path.join(root, "p", `${S1}.jsonl`), S1);
    expect(group.files.map((f) => f.name)).toEqual([
      `p/${S1}.jsonl`,
      `p/${S1}/subagents/agent-n.jsonl`,
      "p/agent-mine.jsonl",
    ]);
    expect(group).toMatchObject({ subagents: 2, session: true });

    const linked = tree("push-link", {});
    fs.mkdirSync(path.join(linked, "p"), { recursive: true });
    fs.symlinkSync(path.join(root, "p", `${S1}.jsonl`), path.join(linked, "p", `${S1}.jsonl`));
    expect((await sessionGroup(path.join(linked, "p", `${S1}.jsonl`), S1)).files.map((f) => f.name)).toEqual([
      `p/${S1}.jsonl`,
    ]);
  });
});

describe("ACOS folders", () => {
  const trajectory = JSON.stringify({ id: "traj_1", startedAt: 1, completedAt: 2, successScore: 0.9 });

  it("finds <project>/.claude/trajectories (the one dot-folder entered, by name), finished files only, patterns.json last", async () => {
    const project = tree("acos-app", {
      ".claude/trajectories/patterns.json": "[]",
      ".claude/trajectories/b_traj_2.json": trajectory,
      ".claude/trajectories/a_traj_1.jsonl": trajectory,
      ".claude/trajectories/_active.json": trajectory,
      ".claude/trajectories/_operations.jsonl": trajectory,
      ".claude/trajectories/.c_traj_3.json": trajectory,
    });
    const found = await findSessions(project);
    expect(found).toMatchObject({ kind: "acos", dir: path.join(project, ".claude", "trajectories"), root: project });
    expect(found?.groups.map((g) => g.label)).toEqual([
      ".claude/trajectories/a_traj_1.jsonl",
      ".claude/trajectories/b_traj_2.json",
      ".claude/trajectories/patterns.json",
    ]);
  });

  it("does not enter a trajectories folder that is a link", async () => {
    const elsewhere = tree("acos-elsewhere", { "a_traj_1.json": trajectory });
    const project = tree("acos-linked", { "readme.txt": "" });
    fs.symlinkSync(elsewhere, path.join(project, "trajectories"));
    expect(await AGENTS.acos.find(project)).toBeNull();
  });
});
