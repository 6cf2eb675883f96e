import type { ModelTokens, TokenUsage } from "@/lib/session";

const FIELDS = ["input", "output", "cacheRead", "cacheCreation", "reasoning", "cacheCreationHour"] as const;

/** Raises each field of `seen` to `next`'s where that is larger: one response whose lines repeat its usage, counted once. */
export function keepLargest(seen: ModelTokens, next: ModelTokens): void {
  for (const field of FIELDS) seen[field] = Math.max(seen[field], next[field]);
}

const noTokens = (): ModelTokens => ({
  input: 0,
  output: 0,
  cacheRead: 0,
  cacheCreation: 0,
  reasoning: 0,
  cacheCreationHour: 0,
});

/** Adds `tokens` to `model`'s entry of `byModel`, creating it. */
export function addModelTokens(
  byModel: Record<string, ModelTokens>,
  model: string,
  tokens: Partial<ModelTokens>,
): void {
  const entry = (byModel[model] ??= noTokens());
  for (const field of FIELDS) entry[field] += tokens[field] ?? 0;
}

/** The per-model tokens of several files of one session, summed. */
export function mergeModelTokens(parts: readonly Record<string, ModelTokens>[]): Record<string, ModelTokens> {
  const out: Record<string, ModelTokens> = {};
  for (const part of parts) for (const [model, tokens] of Object.entries(part)) addModelTokens(out, model, tokens);
  return out;
}

/** The session's tokens over every model; null when no response counted any (the source says nothing). */
function totalTokens(byModel: Record<string, ModelTokens>): TokenUsage | null {
  const entries = Object.values(byModel);
  if (entries.length === 0) return null;
  const total: TokenUsage = { input: 0, output: 0, cacheRead: 0, cacheCreation: 0 };
  for (const t of entries)
    for (const field of ["input", "output", "cacheRead", "cacheCreation"] as const) total[field] += t[field];
  return total;
}

/** A session's `tokens` and `tokensByModel` from its per-model tokens. */
export function tokenFields(byModel: Record<string, ModelTokens>): {
  tokens: TokenUsage | null;
  tokensByModel: Record<string, ModelTokens>;
} {
  return { tokens: totalTokens(byModel), tokensByModel: byModel };
}
