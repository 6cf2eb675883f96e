import { asObject, countField, stringField, type Json } from "@/lib/ingest/claude-code/lines";
import { addModelTokens } from "@/lib/ingest/model-tokens";
import { UNNAMED_MODEL, type ModelTokens } from "@/lib/session";

/** A rollout's tokens so far: its responses summed per model, and the last running total seen. */
export interface TokenTally {
  byModel: Record<string, ModelTokens>;
  previousTotal: ModelTokens | null;
}

/**
 * A token count's usage: input without the cached part; output with reasoning (it is in `output_tokens`), and
 * the reasoning part apart.
 */
function usageOf(usage: Json): ModelTokens {
  const cached = countField(usage, "cached_input_tokens");
  return {
    input: Math.max(0, countField(usage, "input_tokens") - cached),
    cacheRead: cached,
    output: countField(usage, "output_tokens"),
    reasoning: countField(usage, "reasoning_output_tokens"),
    cacheCreation: 0,
    cacheCreationHour: 0,
  };
}

const FIELDS = ["input", "output", "cacheRead", "reasoning"] as const;

/**
 * Adds one `token_count` event's `info` to the tally, under the model it names or else `model` (the turn's, from
 * its `turn_context`); answers the model it names, if any. The response's usage is `last_token_usage`, never the
 * cumulative total; docs/agents.md ("Codex CLI", Tokens) says why each rule.
 */
export function addTokenCount(tally: TokenTally, info: Json | null, model: string | null): string | null {
  if (info === null) return null;
  const named = stringField(info, "model");
  const last = asObject(info.last_token_usage);
  const total = asObject(info.total_token_usage);
  const now = total === null ? null : usageOf(total);
  const before = tally.previousTotal;
  // Codex repeats a token count unchanged (when only its rate limits changed): the same total is the same response.
  if (now !== null && before !== null && FIELDS.every((f) => now[f] === before[f])) return named;
  if (now !== null) tally.previousTotal = now;
  // Without the last response's usage, only the running total is written: this response is what it grew by.
  const grown = (f: (typeof FIELDS)[number]) => Math.max(0, (now?.[f] ?? 0) - (before?.[f] ?? 0));
  const response =
    last !== null
      ? usageOf(last)
      : now === null
        ? null
        : {
            input: grown("input"),
            cacheRead: grown("cacheRead"),
            output: grown("output"),
            reasoning: grown("reasoning"),
          };
  if (response !== null) addModelTokens(tally.byModel, named ?? model ?? UNNAMED_MODEL, response);
  return named;
}
