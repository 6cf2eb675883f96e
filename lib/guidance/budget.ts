import type { GuidanceBudget, GuidanceFormat } from "./contract";

/**
 * Claude Code moves SessionStart context over 10,000 characters into a file (docs/formats.md#claude-code-hooks); the default stays
 * well under so the guidance is injected as text. Windsurf limits one rule file to 6,000 characters.
 */
export const DEFAULT_BUDGET: GuidanceBudget = { maxLines: 120, maxChars: 8_000 };
const WINDSURF_BUDGET: GuidanceBudget = { maxLines: 120, maxChars: 6_000 };

/** The smallest budget the API accepts: room for the title and a line or two. */
export const MIN_BUDGET: GuidanceBudget = { maxLines: 12, maxChars: 600 };

export function defaultBudget(format: GuidanceFormat): GuidanceBudget {
  return format === "windsurf" ? WINDSURF_BUDGET : DEFAULT_BUDGET;
}

/** Lines of a text as an editor counts them: a trailing newline does not start another line. */
export function countLines(text: string): number {
  if (text === "") return 0;
  const body = text.endsWith("\n") ? text.slice(0, -1) : text;
  return body.split("\n").length;
}

export function fits(text: string, budget: GuidanceBudget): boolean {
  return text.length <= budget.maxChars && countLines(text) <= budget.maxLines;
}

/** A unit the budget keeps or drops as a whole. `rank` orders weakness: lower is dropped first. */
export interface BudgetItem {
  id: string;
  rank: readonly (number | string)[];
}

function compareRank(a: BudgetItem, b: BudgetItem): number {
  const length = Math.max(a.rank.length, b.rank.length);
  for (let i = 0; i < length; i++) {
    const x = a.rank[i];
    const y = b.rank[i];
    if (x === y) continue;
    if (x === undefined) return -1;
    if (y === undefined) return 1;
    if (typeof x === "number" && typeof y === "number") return x - y;
    return String(x) < String(y) ? -1 : 1;
  }
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/**
 * Drops the weakest items, one at a time, until `fitsWith(kept)` holds; never cuts an item. Answers the kept ids
 * (possibly none: then the caller's skeleton alone must fit, or it answers what it can).
 */
export function keepWithinBudget(
  items: readonly BudgetItem[],
  fitsWith: (kept: ReadonlySet<string>) => boolean,
): Set<string> {
  const kept = new Set(items.map((i) => i.id));
  if (fitsWith(kept)) return kept;
  const weakestFirst = [...items].sort(compareRank);
  // Binary search over how many of the weakest to drop (fitting is monotone: fewer items, shorter text).
  let low = 1;
  let high = weakestFirst.length;
  const keptAfterDropping = (n: number) => new Set(weakestFirst.slice(n).map((i) => i.id));
  if (!fitsWith(keptAfterDropping(high))) return keptAfterDropping(high);
  while (low < high) {
    const mid = Math.floor((low + high) / 2);
    if (fitsWith(keptAfterDropping(mid))) high = mid;
    else low = mid + 1;
  }
  return keptAfterDropping(low);
}
