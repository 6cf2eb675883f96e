import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { generateCodexRollout } from "@/test/factories/generate/codex";
import { assembleRollouts } from "@/lib/ingest/codex/assemble";
import { parseFile } from "@/lib/ingest/parse-file";
import type { RolloutFile } from "@/lib/ingest/types";
import { anyJsonValue, anyText } from "@/test/fuzz/json-inputs";
import { expectWellFormed } from "@/test/fuzz/parsed-file-contract";
import { fuzzRuns } from "@/test/fuzz/settings";
import { sessionContract } from "@/test/fuzz/session-contract";

const NAME = "2026/05/12/rollout-2026-05-12T08-00-00-0199a213-81c0-7800-8aa1-bbab2a035a53.jsonl";
const extreme = fc.constantFrom<fc.JsonValue>(0, -1, 0.5, 2 ** 53, 1e300, -1e308, "", null, true, [], {});
const field = (plausible: fc.Arbitrary<fc.JsonValue>) =>
  fc.oneof(
    { weight: 3, arbitrary: plausible },
    { weight: 1, arbitrary: extreme },
    { weight: 1, arbitrary: anyJsonValue },
  );
const count = field(fc.nat());
const usage = fc.record(
  { input_tokens: count, cached_input_tokens: count, output_tokens: count, reasoning_output_tokens: count },
  { requiredKeys: [] },
);
const callId = field(fc.constantFrom("c1", "c2", "c3"));

/** A payload of any kind Codex writes, its fields plausible, extreme or anything. */
const payload = fc.record(
  {
    type: field(
      fc.constantFrom(
        "message",
        "function_call",
        "function_call_output",
        "custom_tool_call",
        "custom_tool_call_output",
        "local_shell_call",
        "web_search_call",
        "user_message",
        "token_count",
        "turn_aborted",
        "exec_command_end",
        "patch_apply_end",
        "mcp_tool_call_end",
        "error",
      ),
    ),
    id: field(fc.constantFrom("t1", "t2")),
    cwd: field(fc.constantFrom("/home/me/app", "/", "C:", "")),
    source: field(
      fc.record({
        subagent: field(
          fc.record({ thread_spawn: field(fc.record({ parent_thread_id: field(fc.constantFrom("t1", "")) })) }),
        ),
      }),
    ),
    git: field(fc.record({ branch: field(anyText) })),
    model: field(fc.constantFrom("gpt-5", "")),
    role: field(fc.constantFrom("user", "assistant")),
    content: field(
      fc.array(
        fc.record({
          type: field(fc.constant("input_text")),
          text: field(fc.oneof(anyText, fc.constant("<environment_context>x"))),
        }),
      ),
    ),
    name: field(
      fc.constantFrom(
        "shell",
        "exec_command",
        "apply_patch",
        "read_file",
        "spawn_agent",
        "a__b",
        "mcp__x__y",
        "__proto__",
        "",
      ),
    ),
    arguments: field(fc.oneof(fc.json(), fc.constant('{"command":["bash","-lc","npm test"]}'), anyText)),
    input: field(fc.oneof(anyText, fc.constant("*** Begin Patch\n*** Add File: a.ts\n+x\n*** End Patch"))),
    call_id: callId,
    output: field(
      fc.oneof(
        anyText,
        fc.constantFrom(
          "Exit code: 1\nboom",
          "Process exited with code 0",
          '{"output":"x","metadata":{"exit_code":3}}',
          "rejected by user",
        ),
      ),
    ),
    action: field(
      fc.record({ type: field(fc.constantFrom("exec", "search", "open_page")), command: field(fc.array(anyText)) }),
    ),
    message: field(anyText),
    kind: field(fc.constantFrom("plain", "environment_context")),
    info: field(
      fc.record(
        { last_token_usage: field(usage), total_token_usage: field(usage), model: field(fc.constant("gpt-5")) },
        { requiredKeys: [] },
      ),
    ),
    exit_code: field(fc.integer({ min: -2, max: 3 })),
    success: field(fc.boolean()),
    invocation: field(fc.record({ server: field(fc.constant("s")), tool: field(fc.constant("t")) })),
    result: field(fc.oneof(fc.record({ Err: fc.string() }), fc.record({ Ok: fc.record({ isError: fc.boolean() }) }))),
  },
  { requiredKeys: [] },
);

const isoTime = fc
  .date({ min: new Date(0), max: new Date(4_102_444_800_000), noInvalidDate: true })
  .map((d) => d.toISOString());
const rolloutLine = fc.record({
  timestamp: field(fc.oneof(isoTime, fc.constantFrom("+275760-09-13T00:00:00.000Z", "2025-13-45"))),
  type: field(fc.constantFrom("session_meta", "turn_context", "response_item", "event_msg", "compacted")),
  payload: field(payload),
});
const rolloutText = fc
  .array(
    fc.oneof({ weight: 8, arbitrary: rolloutLine.map((l) => JSON.stringify(l)) }, { weight: 1, arbitrary: anyText }),
    { minLength: 2, maxLength: 30 },
  )
  .map((lines) => lines.join("\n"));

function assembled(main: RolloutFile, agents: RolloutFile[]): boolean {
  if (main.threadId === null || main.records.length === 0) return false;
  sessionContract.parse(assembleRollouts(main, agents));
  return true;
}

describe("Codex rollouts, fuzzed", { timeout: 60_000 }, () => {
  it("read any lines, and assemble every session they name (with sub-agent threads) into a session that keeps the contract", () => {
    let sessions = 0;
    fc.assert(
      fc.property(rolloutText, fc.array(rolloutText, { maxLength: 2 }), (main, agents) => {
        const parsed = parseFile(main, NAME);
        expectWellFormed(parsed, main);
        if (parsed.format !== "codex") return;
        const threads = agents.flatMap((text) => parseFile(text, "rollout-x.jsonl").rollout ?? []);
        if (assembled(parsed.rollout!, threads)) sessions++;
      }),
      fuzzRuns(300),
    );
    expect(sessions).toBeGreaterThan(0);
  });

  it("read generated sessions with lines dropped, repeated or garbled", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000 }),
        fc.array(fc.tuple(fc.nat(), fc.constantFrom("drop", "repeat", "garble")), { maxLength: 8 }),
        (seed, edits) => {
          const lines = generateCodexRollout({ seed, turns: 2 }).text.trimEnd().split("\n");
          for (const [at, edit] of edits) {
            const i = at % lines.length;
            if (edit === "drop" && lines.length > 2) lines.splice(i, 1);
            else if (edit === "repeat") lines.splice(i, 0, lines[i]!);
            else lines[i] = lines[i]!.slice(0, Math.floor(lines[i]!.length / 2));
          }
          const text = lines.join("\n");
          const parsed = parseFile(text, NAME);
          expectWellFormed(parsed, text);
          if (parsed.rollout) assembled(parsed.rollout, []);
        },
      ),
      fuzzRuns(200),
    );
  });
});
