import { asObject, countField, stringField, type Json } from "@/lib/ingest/claude-code/lines";
import type { TokenUsage } from "@/lib/trajectory";

/** A rollout's tokens so far: the sum of its responses (null before the first), and the last running total seen. */
export interface TokenTally {
  sum: TokenUsage | null;
  previousTotal: TokenUsage | null;
}

/** `{input, cached_input, output}` of a token count: input without the cached part; output with reasoning (it is in `output_tokens`). */
function usageOf(usage: Json): TokenUsage {
  const cached = countField(usage, "cached_input_tokens");
  return { input: Math.max(0, countField(usage, "input_tokens") - cached), cacheRead: cached, output: countField(usage, "output_tokens"), cacheCreation: 0 };
}

const FIELDS = ["input", "output", "cacheRead"] as const;

/**
 * Adds one `token_count` event's `info` to the tally; answers the model it names, if any. The response's usage is
 * `last_token_usage`, never the cumulative total; docs/agents.md ("Codex CLI", Tokens) says why each rule.
 */
export function addTokenCount(tally: TokenTally, info: Json | null): string | null {
  if (info === null) return null;
  const model = stringField(info, "model");
  const last = asObject(info.last_token_usage);
  const total = asObject(info.total_token_usage);
  const now = total === null ? null : usageOf(total);
  const before = tally.previousTotal ?? { input: 0, cacheRead: 0, output: 0, cacheCreation: 0 };
  // Codex repeats a token count unchanged (when only its rate limits changed): the same total is the same response.
  if (now !== null && tally.previousTotal !== null && FIELDS.every((f) => now[f] === before[f])) return model;
  if (now !== null) tally.previousTotal = now;
  // Without the last response's usage, only the running total is written: this response is what it grew by.
  const response = last !== null ? usageOf(last) : now === null ? null : { input: Math.max(0, now.input - before.input), cacheRead: Math.max(0, now.cacheRead - before.cacheRead), output: Math.max(0, now.output - before.output), cacheCreation: 0 };
  if (response === null) return model;
  const sum = (tally.sum ??= { input: 0, output: 0, cacheRead: 0, cacheCreation: 0 });
  sum.input += response.input;
  sum.output += response.output;
  sum.cacheRead += response.cacheRead;
  return model;
}
