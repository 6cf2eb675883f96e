import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { assembleSession } from "@/lib/ingest/claude-code/assemble";
import { parseFile } from "@/lib/ingest/parse-file";
import type { AgentMeta, ParsedFile, TranscriptFile } from "@/lib/ingest/types";
import { OUTPUT_LENGTH, type Session } from "@/lib/session";

/*
 * The real transcripts of test/fixtures/claude-code, against numbers counted without the parser. To
 * recount, in that folder (paths start with ./ because the folder names start with a dash):
 *
 *   A=./-Users-chip-dev-ai-music; W=./-experiments-worktrees/ef958aa1-0e93-49f0-bb71-150f63befcd1; D=./-src-deep-manifest
 *   FILES="$A/fed8ce56-bc79-401f-a83e-af084253362f.jsonl"       # or "$W.jsonl $W/subagents/agent-*.jsonl",
 *                                                              # or "$D/a7da6a22-facc-4fcd-8bab-f83c87862004.jsonl $D/agent-c8d9b115.jsonl"
 *   # tool calls (delegated: the same over the agent files only)
 *   cat $FILES | jq 'select(.type=="assistant") | .message.content[] | select(.type=="tool_use") | .id' | wc -l
 *   # tool errors
 *   cat $FILES | jq -c 'select(.type=="user") | .message.content | arrays[] | select(.type=="tool_result" and .is_error==true)' | wc -l
 *   # refused calls
 *   cat $FILES | grep -o '"tool_result","content":"The user doesn.t want to' | wc -l
 *   # interruptions (the "for tool use" marker written right after a refused call is that refusal, not one more)
 *   cat $FILES | grep -c '"text":"\[Request interrupted by user\|"content":"\[Request interrupted by user'
 *   # prompts (main file only): user text that is not meta, a sub-agent's, an interruption or a command wrapper
 *   jq -r 'select(.type=="user" and .isMeta!=true and .isSidechain!=true) | .message.content
 *          | if type=="string" then . else (map(select(.type=="text").text) | join("")) end
 *          | select(test("^(\\[Request interrupted|<command-|<local-command-|Caveat: )|^$") | not)' MAIN | grep -c '^.'
 *   # tokens [input, output, cache read, cache creation], once per (message.id, requestId), largest value
 *   cat $FILES | jq -sc '[.[] | select(.type=="assistant") | {k: [.message.id, .requestId], u: .message.usage}] | group_by(.k)
 *          | map({i: (map(.u.input_tokens) | max), o: (map(.u.output_tokens) | max), r: (map(.u.cache_read_input_tokens) | max),
 *                 c: (map(.u.cache_creation_input_tokens) | max)}) | [(map(.i) | add), (map(.o) | add), (map(.r) | add), (map(.c) | add)]'
 *   # the same per model, with the one-hour cache writes: add `m: .message.model` to the first object,
 *   # `m: .[0].m, h: (map(.u.cache_creation.ephemeral_1h_input_tokens // 0) | max)` to the second, then
 *   #   | group_by(.m) | map({m: .[0].m, i: (map(.i)|add), o: (map(.o)|add), r: (map(.r)|add), c: (map(.c)|add), h: (map(.h)|add)})
 *   # models
 *   cat $FILES | jq -r 'select(.type=="assistant") | .message.model' | sort -u
 *   # cwd and branch
 *   jq -r '[.cwd, .gitBranch] | @tsv' MAIN | sort | uniq -c
 */

const ROOT = path.resolve(__dirname, "../../../test/fixtures/claude-code");

function fixtureNames(dir = ""): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const name = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) return fixtureNames(name);
    return /\.jsonl?$/.test(entry.name) ? [name] : [];
  });
}

const parsed = new Map<string, ParsedFile>(
  fixtureNames().map((name) => [name, parseFile(readFileSync(path.join(ROOT, name)), name)]),
);
const transcripts = [...parsed.values()].flatMap((p) => (p.transcript ? [p.transcript] : []));
const metas = [...parsed.values()].flatMap((p) => (p.agentMeta ? [p.agentMeta] : []));

function session(sessionId: string): Session {
  const main = transcripts.find((t) => t.sessionId === sessionId && t.agentId === null) as TranscriptFile;
  const agents = transcripts.filter((t) => t.sessionId === sessionId && t.agentId !== null);
  return assembleSession(main, agents, metas as AgentMeta[]);
}

const delegated = (t: Session) => t.operations?.filter((o) => o.delegated) ?? [];
const errors = (t: Session) => t.operations?.filter((o) => o.isError).length;

describe("Claude Code fixtures: every file is read without an error", () => {
  it("reads 13 transcripts and 6 meta files", () => {
    for (const [name, p] of parsed)
      expect({ name, errors: p.errors, format: p.format }).toEqual({
        name,
        errors: [],
        format: name.endsWith(".json") ? "claude-code-agent-meta" : "claude-code",
      });
    expect(transcripts).toHaveLength(13);
    expect(metas).toHaveLength(6);
  });

  it("accepts the summary-only file as a transcript with no conversation", () => {
    const name = "-Users-chip-dev-ai-music/ff71dbed-a4f2-4284-a4fc-fe2fb90de929.jsonl";
    expect(parsed.get(name)).toMatchObject({
      format: "claude-code",
      rejected: 0,
      transcript: { sessionId: "ff71dbed-a4f2-4284-a4fc-fe2fb90de929", lineCount: 1, records: [] },
    });
    expect(parseFile(readFileSync(path.join(ROOT, name))).transcript).toMatchObject({ sessionId: null, records: [] });
  });
});

describe("Claude Code fixtures: -Users-chip-dev-ai-music (Claude Code 1.0.17, cwd /Users/chip/dev/ai-music, no branch)", () => {
  it("ba79134d: /init then a program — 30 calls, no errors, 5 prompts", () => {
    const t = session("ba79134d-b6e9-4867-af0c-6941038c9e4b");
    expect(t).toMatchObject({
      projectHint: "ai-music",
      operationCount: 30,
      promptCount: 5,
      gitBranch: null,
      models: ["claude-sonnet-4-20250514"],
      subagents: [],
    });
    expect(t.task).toBe("ok, now write the program using the instruction in README.md");
    expect([errors(t), delegated(t).length, t.events]).toEqual([
      0,
      0,
      { interruptions: 0, rejectedToolCalls: 0, apiErrors: 0 },
    ]);
    expect(t.tokens).toEqual({ input: 91, output: 2266, cacheRead: 503769, cacheCreation: 16072 });
    expect(t.toolBreakdown).toEqual({ LS: 1, Read: 2, Glob: 12, Write: 3, TodoWrite: 4, Edit: 2, Bash: 6 });
    // CLAUDE.md, requirements.txt, ai_music.py: not mostly docs; "ai_music.py" meets ACOS's music rule.
    expect(t.domain).toBe("music_production");
    // the last prompt asks which conda environment is active: a new request, and the edits drew no complaint
    expect(t.success).toMatchObject({ score: 0.6 + 0.05 + 0.1, source: "heuristic" });
  });

  it("d3ad4cdc (881 KB): 59 calls, 4 errors, a failing script fixed and re-run", () => {
    const t = session("d3ad4cdc-5657-435d-98fa-0035d53e383d");
    expect(t).toMatchObject({
      projectHint: "ai-music",
      operationCount: 59,
      promptCount: 5,
      models: ["claude-sonnet-4-20250514"],
    });
    expect([errors(t), delegated(t).length, t.events]).toEqual([
      4,
      0,
      { interruptions: 0, rejectedToolCalls: 0, apiErrors: 0 },
    ]);
    expect(t.tokens).toEqual({ input: 114, output: 16769, cacheRead: 3754072, cacheCreation: 174552 });
    expect(t.domain).toBe("debugging");
    expect(t.success.signals.map((s) => s.name)).toEqual(["base", "tool-errors", "moved-on", "delivered"]);
    expect(t.success.score).toBeCloseTo(0.6 - 4 * 0.03 + 0.05 + 0.1);
  });

  it("ba79134d: starts at the assistant's answer to /init, not at the command line 3 s before it", () => {
    const t = session("ba79134d-b6e9-4867-af0c-6941038c9e4b");
    expect([t.startedAt, t.durationMs]).toEqual([Date.parse("2025-06-08T10:47:11.325Z"), 528_327]);
    expect(t.prompts.map((p) => p.text)).toEqual([
      "ok, now write the program using the instruction in README.md",
      "create a conda environment to run this. name it aie[xxx] with [xxx] being the python version, e.g. 311 for python 3.11",
      "conda activate aie311",
      "which conda environment am i in?",
      "conda activate aie311",
    ]);
    // The README read, kept for what it documents (lib/knowledge/documented.ts), then what the shell calls answered.
    expect(t.operations?.filter((o) => o.output !== null).map((o) => [o.command, o.output?.split("\n")[0]])).toEqual([
      [null, "     1\t# ai-music"],
      ["python --version", "Python 3.11.5"],
      ["conda create -n aie311 python=3.11 -y", "Retrieving notices: ...working... done"],
      ["conda info --envs", "# conda environments:"],
      ["echo $CONDA_DEFAULT_ENV", "base"],
    ]);
  });

  it("fed8ce56: 'push to github' — 7 Bash calls, 2 refused (with their one interruption marker), then commit and push", () => {
    const t = session("fed8ce56-bc79-401f-a83e-af084253362f");
    expect(t).toMatchObject({
      projectHint: "ai-music",
      operationCount: 7,
      promptCount: 2,
      task: "push to github",
      toolBreakdown: { Bash: 7 },
    });
    expect([errors(t), delegated(t).length, t.events]).toEqual([
      2,
      0,
      { interruptions: 0, rejectedToolCalls: 2, apiErrors: 0 },
    ]);
    expect(t.prompts).toEqual([
      { text: "push to github", at: Date.parse("2025-06-10T12:36:23.208Z"), after: null },
      { text: "continue", at: Date.parse("2025-06-10T12:37:02.253Z"), after: "rejection" },
    ]);
    expect(t.operations?.filter((o) => o.isError).map((o) => o.output?.slice(0, 50))).toEqual([
      "The user doesn't want to proceed with this tool us",
      "The user doesn't want to take this action right no",
    ]);
    expect(t.operations?.[6]).toMatchObject({
      command: "git push origin main",
      output: "To github.com:chiphuyen/ai-music.git\n   6eea407..5c1b231  main -> main",
    });
    expect(t.operations?.filter((o) => o.isError).map((o) => o.command?.split(" ").slice(0, 2).join(" "))).toEqual([
      "git commit",
      "git push",
    ]);
    expect(t.tokens).toEqual({ input: 88, output: 278, cacheRead: 44544, cacheCreation: 16000 });
    expect(t.domain).toBe("deployment");
    expect(t.success.signals.map((s) => [s.name, s.delta])).toEqual([
      ["base", 0.6],
      ["rejected-tool-calls", -0.1],
      ["git-commit", 0.1],
      ["git-push", 0.15],
    ]);
    expect(t.success.score).toBe(0.75);
  });
});

describe("Claude Code fixtures: -src-deep-manifest (2.0.55, flat sub-agent layout)", () => {
  const t = session("a7da6a22-facc-4fcd-8bab-f83c87862004");

  it("folds agent-c8d9b115.jsonl (sessionId a7da6a22 on its lines) into the session: 108 + 15 calls", () => {
    expect(t).toMatchObject({ projectHint: "deep-manifest", gitBranch: "master", operationCount: 123, promptCount: 7 });
    expect(t.subagents).toEqual([
      { agentId: "c8d9b115", agentType: null, description: null, workflow: null, operationCount: 15 },
    ]);
    expect(
      delegated(t)
        .map((o) => o.tool)
        .sort(),
    ).toEqual([...Array(5).fill("Glob"), ...Array(10).fill("Read")]);
  });

  it("places the sub-agent's calls right after the Task call that started it", () => {
    const task = t.operations?.find((o) => o.tool === "Task");
    expect(delegated(t).map((o) => o.seq)).toEqual(Array.from({ length: 15 }, (_, i) => (task?.seq ?? 0) + 1 + i));
  });

  it("counts 5 errors (4 main, 1 sub-agent), 1 refused call (its interruption marker is no second event), tokens of both models", () => {
    expect([errors(t), t.events]).toEqual([5, { interruptions: 0, rejectedToolCalls: 1, apiErrors: 0 }]);
    expect(t.tokens).toEqual({ input: 3119, output: 32270, cacheRead: 8629528, cacheCreation: 216690 });
    expect(t.tokensByModel).toEqual({
      "claude-haiku-4-5-20251001": {
        input: 869,
        output: 840,
        cacheRead: 124362,
        cacheCreation: 41483,
        reasoning: 0,
        cacheCreationHour: 0,
      },
      "claude-opus-4-5-20251101": {
        input: 2250,
        output: 31430,
        cacheRead: 8505166,
        cacheCreation: 175207,
        reasoning: 0,
        cacheCreationHour: 0,
      },
    });
    expect(t.models).toEqual(["claude-opus-4-5-20251101", "claude-haiku-4-5-20251001"]);
  });

  it("is debugging (pytest failed, edits, pytest passed) and verified at the end", () => {
    expect(t.domain).toBe("debugging");
    expect(t.success.signals.map((s) => s.name)).toEqual([
      "base",
      "tool-errors",
      "rejected-tool-calls",
      "verification",
      "git-commit",
      "user-approved",
      "delivered",
    ]);
    // "Excellent work, thank you!" closes the session
    expect(t.success.score).toBeCloseTo(0.6 - 0.12 - 0.05 + 0.15 + 0.1 + 0.15 + 0.1);
  });

  it("starts at the first prompt, not at the /context and /model commands before it", () => {
    expect([t.startedAt, t.durationMs]).toEqual([Date.parse("2025-11-29T15:18:16.513Z"), 6_792_236]);
  });

  it("keeps the 7 prompts, the one after the refused plan marked as a correction", () => {
    expect(t.prompts.map((p) => [p.text.slice(0, 48), p.after])).toEqual([
      ["It's been a while - I see that I have pending ch", null],
      ["Is everything OK with this project? Do all the t", null],
      ['The above "status report" is very interesting an', null],
      ["New feature: we support .zip, but I've seen an a", null],
      ["I saw in passing that in case of BadZipFile we d", null],
      ["OK, so first commit the changes related to the p", "rejection"],
      ["Excellent work, thank you!", null],
    ]);
  });

  it("keeps what pytest and ruff answered: the missing pytest, the passing run, the failed lint", () => {
    const ran = (command: string) => t.operations?.filter((o) => o.command === command).map((o) => o.output) ?? [];
    expect(ran("pytest")).toEqual(["Exit code 127\n/bin/bash: line 1: pytest: command not found"]);
    expect(ran("(source .venv/bin/activate && pytest)")[0]).toMatch(
      /^=+ test session starts =+\n[\s\S]*\n…\n[\s\S]*\n=+ 40 passed in 2\.78s =+$/,
    );
    expect(
      ran("(source .venv/bin/activate && ruff check deep_manifest/)").map((o) =>
        o?.split("\n").slice(0, 2).join(" | "),
      ),
    ).toEqual([
      "All checks passed!",
      "Exit code 1 | SIM115 Use a context manager for opening files",
      "All checks passed!",
    ]);
    expect(t.operations?.every((o) => o.output === null || o.output.length <= OUTPUT_LENGTH)).toBe(true);
    // The 36 shell commands but the 2 that printed nothing (git add, git diff --cached); the sub-agent's failed Read, the refused ExitPlanMode;
    // the reads of CLAUDE.md, CONTRIBUTING.md and README.md, kept for the commands they document.
    expect(t.operations?.filter((o) => o.output !== null)).toHaveLength(39);
    const contributing = t.operations?.find((o) => o.file?.endsWith("/CONTRIBUTING.md"))?.output ?? "";
    expect(contributing).toContain('\n```\npip install -e ".[dev]"\n');
  });
});

describe("Claude Code fixtures: -experiments-worktrees (2.1.114, nested sub-agent layout with meta files)", () => {
  const t = session("ef958aa1-0e93-49f0-bb71-150f63befcd1");

  it("ends with the conversation, not with the /exit typed 1 h 16 min later", () => {
    expect([t.endedAt, t.durationMs]).toEqual([Date.parse("2026-04-18T13:50:40.622Z"), 1_918_254]);
  });

  it("folds the 6 sub-agents into the session: 40 + 77 calls, each with its meta", () => {
    expect(t).toMatchObject({
      projectHint: "worktrees",
      gitBranch: "master",
      operationCount: 117,
      promptCount: 2,
      models: ["claude-opus-4-7"],
    });
    expect(delegated(t)).toHaveLength(77);
    expect(t.subagents.map((s) => [s.agentId, s.description, s.operationCount])).toEqual([
      ["a4ca7529859c158c2", "Research Claude Code plan mode", 24],
      ["a52886dc180afb356", "Research Claude Code teammates", 17],
      ["ab1e6e141221a29ab", "Research Steve Yegge Beads", 17],
      ["a36efb2a1231c41e2", "Round 2: alice comparison", 7],
      ["aef063ba534d73153", "Round 2: bob comparison", 6],
      ["a6aa8ad077d9ea083", "Round 2: carol comparison", 6],
    ]);
    expect(t.subagents.every((s) => s.agentType === "general-purpose")).toBe(true);
  });

  it("keeps the calls in time order, and the main session's own calls undelegated", () => {
    const times = t.operations?.map((o) => o.at ?? 0) ?? [];
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(t.operations?.filter((o) => !o.delegated).map((o) => o.tool)).toContain("Agent");
    expect(delegated(t).some((o) => o.tool === "Agent")).toBe(false);
  });

  it("counts 3 errors (all failed web fetches of sub-agents), no interruption, refusal or API error", () => {
    expect(t.operations?.filter((o) => o.isError).map((o) => [o.tool, o.delegated])).toEqual([
      ["WebFetch", true],
      ["WebFetch", true],
      ["WebFetch", true],
    ]);
    expect(t.events).toEqual({ interruptions: 0, rejectedToolCalls: 0, apiErrors: 0 });
    expect(t.tokens).toEqual({ input: 2546, output: 53458, cacheRead: 2455695, cacheCreation: 398573 });
    expect(t.tokensByModel).toEqual({
      "claude-opus-4-7": {
        input: 2546,
        output: 53458,
        cacheRead: 2455695,
        cacheCreation: 398573,
        reasoning: 0,
        cacheCreationHour: 102189,
      },
    });
  });

  it("belongs to the project of its cwd, worktree lines included (-experiments/worktrees → worktrees)", () => {
    const worktreeAgent = transcripts.find((f) => f.agentId === "ab1e6e141221a29ab");
    expect(worktreeAgent?.cwd).toBe("-experiments/worktrees/.claude/worktrees/agent-ab1e6e14");
    expect(t.domain).toBe("documentation");
  });
});

describe("Claude Code fixtures: throughput", () => {
  it("reads and assembles the 881 KB session and the whole folder (rate printed, not asserted)", () => {
    const big = "-Users-chip-dev-ai-music/d3ad4cdc-5657-435d-98fa-0035d53e383d.jsonl";
    const files = fixtureNames().map((name) => ({ name, bytes: readFileSync(path.join(ROOT, name)) }));
    const run = (subset: typeof files) => {
      const read = subset.map((f) => parseFile(f.bytes, f.name));
      const all = read.flatMap((p) => (p.transcript ? [p.transcript] : []));
      for (const main of all) {
        if (main.agentId !== null || main.sessionId === null || main.records.length === 0) continue;
        assembleSession(
          main,
          all.filter((a) => a.agentId !== null && a.sessionId === main.sessionId),
          [],
        );
      }
      return all.reduce((n, f) => n + f.lineCount, 0);
    };
    for (const [label, subset] of [
      ["881 KB session", files.filter((f) => f.name === big)],
      ["whole folder", files],
    ] as const) {
      run(subset);
      const rounds = 5;
      const start = performance.now();
      let lines = 0;
      for (let i = 0; i < rounds; i++) lines += run(subset);
      const seconds = (performance.now() - start) / 1000;
      const megabytes = (rounds * subset.reduce((n, f) => n + f.bytes.length, 0)) / 1e6;
      console.log(`${label}: ${Math.round(lines / seconds)} lines/s, ${(megabytes / seconds).toFixed(0)} MB/s`);
      expect(lines).toBeGreaterThan(0);
    }
  });
});
