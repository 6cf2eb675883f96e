import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { generateCodexRollout } from "@/test/factories/generate/codex";
import { assembleRollouts } from "@/lib/ingest/codex/assemble";
import { parseFile } from "@/lib/ingest/parse-file";
import type { RolloutFile } from "@/lib/ingest/types";

/**
 * Exact counts on real and generated rollouts, each checked against a count made another way: straight from the
 * JSON lines, as `jq` would, without the parser's code.
 */

type Line = { type: string; payload: Record<string, unknown> };
const FIXTURES = path.resolve("test/fixtures/codex/sessions");

function linesOf(text: string): Line[] {
  return text
    .split("\n")
    .filter((l) => l.trim() !== "")
    .map((l) => JSON.parse(l) as Line);
}

/** Tokens as the last cumulative total says (the sum of every response, counted once). */
function finalTotal(lines: Line[]) {
  const totals = lines.flatMap((l) => {
    const info = l.payload.info as { total_token_usage?: Record<string, number> } | null | undefined;
    return l.payload.type === "token_count" && info?.total_token_usage ? [info.total_token_usage] : [];
  });
  const last = totals.at(-1)!;
  return {
    input: last.input_tokens! - last.cached_input_tokens!,
    cacheRead: last.cached_input_tokens!,
    output: last.output_tokens!,
    cacheCreation: 0,
  };
}

/** Operations and failed operations, from the lines: a patch is one per file header; a call fails by its exit code, its MCP result or a refusal. */
function independentCounts(lines: Line[]) {
  const failed = new Set<string>();
  for (const { payload: p } of lines) {
    const id = p.call_id as string;
    if (p.type === "function_call_output" || p.type === "custom_tool_call_output") {
      if (/Exit code: [1-9]|exited with code [1-9]|"exit_code":[1-9]|rejected by user/.test(String(p.output)))
        failed.add(id);
    }
    if (p.type === "mcp_tool_call_end" && "Err" in (p.result as object)) failed.add(id);
  }
  let ops = 0;
  let errors = 0;
  let shell = 0;
  for (const { type, payload: p } of lines) {
    if (
      type !== "response_item" ||
      !["function_call", "custom_tool_call", "local_shell_call", "web_search_call"].includes(p.type as string)
    )
      continue;
    const n =
      p.name === "apply_patch" ? new Set(String(p.input).match(/^\*\*\* (Add|Update|Delete) File: .*$/gm)).size : 1;
    ops += n;
    if (failed.has(p.call_id as string)) errors += n;
    if (p.type === "local_shell_call" || p.name === "shell" || p.name === "exec_command") shell++;
  }
  const count = (t: string) => lines.filter((l) => l.payload.type === t).length;
  return { ops, errors, shell, prompts: count("user_message"), interruptions: count("turn_aborted") };
}

function rollout(text: string, name: string, threadId?: string): RolloutFile {
  const parsed = parseFile(text, name);
  expect(parsed).toMatchObject({ format: "codex", rejected: 0 });
  return { ...parsed.rollout!, ...(threadId ? { threadId } : {}) };
}

describe("ccusage's real Codex rollouts", () => {
  const read = (p: string) => fs.readFileSync(path.join(FIXTURES, p), "utf8");

  it.each([
    "project-alpha/session-alpha.jsonl",
    "branch-history/2026-05-12T08-00-00-parent.jsonl",
    "branch-history/2026-05-12T08-02-00-branch.jsonl",
  ])("%s: tokens are the sum of its responses, equal to its last running total", (file) => {
    const text = read(file);
    const t = assembleRollouts(rollout(text, file, "s1"), []);
    expect(t.tokens).toEqual(finalTotal(linesOf(text)));
    expect(t).toMatchObject({ format: "codex", agent: "codex", operationCount: 0, promptCount: 0 });
  });

  it("session-alpha: both responses' last_token_usage, and the two models it names", () => {
    const t = assembleRollouts(rollout(read("project-alpha/session-alpha.jsonl"), "a.jsonl", "s1"), []);
    expect(t.tokens).toEqual({ input: 750 + 2000, cacheRead: 250 + 500, output: 125 + 300, cacheCreation: 0 });
    expect(t.tokensByModel).toEqual({
      "gpt-5.2-codex": {
        input: 750,
        cacheRead: 250,
        output: 125,
        reasoning: 75,
        cacheCreation: 0,
        cacheCreationHour: 0,
      },
      "gpt-5.3-codex": {
        input: 2000,
        cacheRead: 500,
        output: 300,
        reasoning: 200,
        cacheCreation: 0,
        cacheCreationHour: 0,
      },
    });
    expect(t.models).toEqual(["gpt-5.2-codex", "gpt-5.3-codex"]);
    expect(t.startedAt).toBe(Date.parse("2026-05-13T09:00:00.000Z"));
    expect(t.endedAt).toBe(Date.parse("2026-05-14T10:00:00.000Z"));
  });

  it("branch: responses that name no model are the turn's (turn_context), reasoning counted apart", () => {
    const t = assembleRollouts(rollout(read("branch-history/2026-05-12T08-02-00-branch.jsonl"), "b.jsonl", "s1"), []);
    expect(t.tokensByModel).toEqual({
      "gpt-5.2": {
        input: 1600 - 300,
        cacheRead: 300,
        output: 450,
        reasoning: 40,
        cacheCreation: 0,
        cacheCreationHour: 0,
      },
    });
  });

  it("a file without a session_meta and without a rollout name names no thread", () => {
    expect(parseFile(read("project-alpha/session-alpha.jsonl"), "session-alpha.jsonl").rollout?.threadId).toBeNull();
  });
});

describe("generated Codex sessions (seeded)", () => {
  it.each([1, 2, 3, 4, 5, 6, 7, 8])(
    "seed %i: tool, error, shell, prompt, interrupt and token counts match an independent count",
    (seed) => {
      const g = generateCodexRollout({ seed, turns: 6 });
      const t = assembleRollouts(rollout(g.text, g.name), []);
      const expected = independentCounts(g.lines as Line[]);
      expect(t.externalId).toBe(g.threadId);
      expect(t.operationCount).toBe(expected.ops);
      expect(t.operations!.filter((o) => o.isError)).toHaveLength(expected.errors);
      expect(t.toolBreakdown.Bash ?? 0).toBe(expected.shell);
      expect(t.promptCount).toBe(expected.prompts);
      expect(t.events!.interruptions).toBe(expected.interruptions);
      expect(t.tokens).toEqual(finalTotal(g.lines as Line[]));
      expect(t.projectHint).toBe("widget");
      expect(t.prompts.every((p) => !p.text.startsWith("<"))).toBe(true);
    },
  );
});
