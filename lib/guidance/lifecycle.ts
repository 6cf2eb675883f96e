import type { Evidence, GuidanceContent, Rule, RuleStatus, RuleTest, Support } from "./contract";

/** One rule as a generation held it. */
export interface RuleSnapshot {
  key: string;
  support: Support;
  instruction: string;
  evidenceLine: string;
  evidence: Evidence;
  /** Its randomised test, when the experiment gave a verdict. */
  test?: RuleTest;
}

/** One stored guidance generation, as lifecycle needs it. */
export interface GenerationRules {
  generation: number;
  /** Epoch ms the generation was stored. */
  createdAt: number;
  rules: RuleSnapshot[];
}

export interface RuleLifecycle {
  key: string;
  status: RuleStatus;
  /** Consecutive generations, ending with the latest, in which the rule was supported (0 when not now). */
  supportedStreak: number;
  /** First generation that held the rule at all. */
  firstGeneration: number;
  /** Last generation in which the rule was supported; null if it never was. */
  lastSupportedGeneration: number | null;
  /** When retired: the generation that no longer supported it, its date (epoch ms) and why. */
  retired: { generation: number; at: number; reason: string } | null;
  /** The rule as the latest generation that held it saw it. */
  latest: RuleSnapshot;
}

export function snapshot(rule: Rule): RuleSnapshot {
  return {
    key: rule.key,
    support: rule.support,
    instruction: rule.instruction,
    evidenceLine: rule.evidenceLine,
    evidence: rule.evidence,
  };
}

/** Why a rule supported in one generation is not in the next. */
function retirementReason(next: RuleSnapshot | undefined): string {
  if (next) return `interval now includes zero: ${next.evidenceLine}`;
  return "group too small: the rule was no longer distilled (a group fell under the minimum size, or the effect no longer points this way)";
}

/**
 * Each rule's lifecycle over the generations (pure; `generations` in any order):
 * - `promoted`: supported in the latest generation and in at least `promoteAfter` consecutive generations ending there;
 * - `supported` / `provisional`: as the latest generation holds it;
 * - `retired`: supported in some generation and not supported in the latest — with the date of the first
 *   generation after its last supported one, and the reason ("interval now includes zero: …" when that
 *   generation held it as provisional, else "group too small …").
 * Rules that were only ever provisional and are gone now are not listed. Sorted by key.
 */
export function ruleLifecycles(generations: readonly GenerationRules[], promoteAfter: number): RuleLifecycle[] {
  const ordered = [...generations].sort((a, b) => a.generation - b.generation);
  const latest = ordered[ordered.length - 1];
  if (!latest) return [];
  const byGeneration = ordered.map((g) => new Map(g.rules.map((r) => [r.key, r])));
  const keys = [...new Set(ordered.flatMap((g) => g.rules.map((r) => r.key)))].sort();
  const out: RuleLifecycle[] = [];
  for (const key of keys) {
    let first = -1;
    let lastSupported = -1;
    let lastSeen = -1;
    for (let i = 0; i < ordered.length; i++) {
      const rule = byGeneration[i]!.get(key);
      if (!rule) continue;
      if (first < 0) first = i;
      lastSeen = i;
      if (rule.support === "supported") lastSupported = i;
    }
    let streak = 0;
    for (let i = ordered.length - 1; i >= 0 && byGeneration[i]!.get(key)?.support === "supported"; i--) streak++;
    const now = byGeneration[ordered.length - 1]!.get(key);
    const base = {
      key,
      supportedStreak: streak,
      firstGeneration: ordered[first]!.generation,
      lastSupportedGeneration: lastSupported >= 0 ? ordered[lastSupported]!.generation : null,
      latest: byGeneration[lastSeen]!.get(key)!,
    };
    if (now?.support === "supported") {
      out.push({ ...base, status: streak >= promoteAfter ? "promoted" : "supported", retired: null });
    } else if (lastSupported >= 0) {
      const next = ordered[lastSupported + 1]!;
      const reason = retirementReason(byGeneration[lastSupported + 1]!.get(key));
      out.push({ ...base, status: "retired", retired: { generation: next.generation, at: next.createdAt, reason } });
    } else if (now) {
      out.push({ ...base, status: "provisional", retired: null });
    }
  }
  return out;
}

interface RuleChange {
  key: string;
  before: RuleSnapshot;
  after: RuleSnapshot;
}

export interface GuidanceDiff {
  /** The generation compared against; null for the first generation. */
  previousGeneration: number | null;
  added: RuleSnapshot[];
  removed: RuleSnapshot[];
  /** Same key, different support, instruction or evidence. */
  changed: RuleChange[];
}

/** The rules added, removed and changed from `previous` (null: everything is added) to `current`. Pure. */
export function diffRules(
  previous: { generation: number; content: GuidanceContent } | null,
  current: GuidanceContent,
): GuidanceDiff {
  const before = new Map((previous?.content.rules ?? []).map((r) => [r.key, snapshot(r)]));
  const after = new Map(current.rules.map((r) => [r.key, snapshot(r)]));
  const byKey = (a: RuleSnapshot, b: RuleSnapshot) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);
  const changed: RuleChange[] = [];
  for (const [key, now] of after) {
    const then = before.get(key);
    if (then && JSON.stringify(then) !== JSON.stringify(now)) changed.push({ key, before: then, after: now });
  }
  return {
    previousGeneration: previous?.generation ?? null,
    added: [...after.values()].filter((r) => !before.has(r.key)).sort(byKey),
    removed: [...before.values()].filter((r) => !after.has(r.key)).sort(byKey),
    changed: changed.sort((a, b) => (a.key < b.key ? -1 : 1)),
  };
}
