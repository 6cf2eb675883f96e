/**
 * The intelligence score (docs/architecture.md#intelligence-score): 0–100 in four components of 25 points, each listing the details that
 * produced it, so a person can see why a project scores what it does. Pure: the same input and clock give the
 * same report. Every curve saturates, so more data always helps but never past the component's cap:
 *
 *   sat(x, k)  = 1 − e^(−x / k)             (63% of the points at x = k, 95% at 3k)
 *   lin(x, t)  = min(1, max(0, x / t))       (linear up to the target t)
 *
 * **Memory depth** (25)
 *   - memories:              8 × sat(memories, 100)
 *   - mean effective conf.:  10 × lin(Σ effective confidence / memories, 0.8)   (decayed as in lib/memory/decay.ts)
 *   - category diversity:    7 × H / ln 5, H = −Σ pᵢ ln pᵢ over the five memory categories (0 = one category,
 *                            1 = all five equally)
 *
 * **Pattern quality** (25)
 *   - validated patterns:    8 × sat(tool patterns categorised `pattern`, 10)
 *   - their uses:            5 × sat(Σ count of those patterns, 100)
 *   - their success:         5 × use-weighted mean success of those patterns (0 without any)
 *   - supported rules:       7 × sat(rules marked supported in the latest guidance generation, 5)
 *
 * **Operational history** (25)
 *   - sessions:              10 × sat(sessions, 500)
 *   - days covered:          7 × lin(distinct UTC days with a session, 30)
 *   - success rate:          8 × mean success score (0 without sessions)
 *
 * **Learning velocity** (25): the raw rate, then multiplied by freshness
 *   - new sessions:          10 × (0.6 × sat(sessions started in the last 7 days, 20) + 0.4 × sat(… 30 days, 60))
 *   - new memories:          7 × (0.6 × sat(memories created in the last 7 days, 20) + 0.4 × sat(… 30 days, 60))
 *   - reinforcements:        8 × (0.6 × sat(memories reinforced in the last 7 days, 10) + 0.4 × sat(… 30 days, 30))
 *   - freshness:             × 0.5 ^ (days since the latest data (session start, memory created or reinforced) / 7);
 *                            shown as a negative detail line (the points it takes away); no data at all → × 0.
 *   A time in the future (clock skew) counts as 0 days.
 *
 * Total = the sum of the four (0–100, not rounded). Grade: S ≥ 90, A ≥ 80, B ≥ 70, C ≥ 60, D ≥ 40, else F,
 * read from the exact total (89.999 is an A).
 */

export const DAY_MS = 86_400_000;

/** Where the score's recent windows start at `now`: the last 7 days and the last 30 (new sessions, memories, reinforcements). */
export const scoreWindows = (now: number) => ({ w7: now - 7 * DAY_MS, w30: now - 30 * DAY_MS });
export type ScoreWindows = ReturnType<typeof scoreWindows>;

/** The grades, best first. */
export const GRADES: readonly Grade[] = ["S", "A", "B", "C", "D", "F"];
const COMPONENT_MAX = 25;
/** Days for the velocity to halve when no new data arrives. */
const VELOCITY_HALF_LIFE_DAYS = 7;

export type Grade = "S" | "A" | "B" | "C" | "D" | "F";
export type ComponentKey = "memoryDepth" | "patternQuality" | "operationalHistory" | "learningVelocity";
export const COMPONENT_KEYS: readonly ComponentKey[] = [
  "memoryDepth",
  "patternQuality",
  "operationalHistory",
  "learningVelocity",
];

/** One figure behind a component: what was measured, its value, and the points it earned. */
interface ScoreDetail {
  label: string;
  value: number;
  points: number;
}

export interface ScoreComponent {
  key: ComponentKey;
  label: string;
  /** 0–25; equals the sum of the details' points. */
  points: number;
  max: typeof COMPONENT_MAX;
  details: ScoreDetail[];
}

export interface IntelligenceReport {
  /** 0–100, the sum of the components' points. */
  total: number;
  grade: Grade;
  /** The clock the report was computed at (epoch ms). */
  computedAt: number;
  /** Latest session start, memory creation or reinforcement; null when there is no data. */
  lastDataAt: number | null;
  /** In the order memory depth, pattern quality, operational history, learning velocity. */
  components: ScoreComponent[];
}

/** The aggregates the score reads (db/queries/score.ts computes them in SQL). */
export interface ScoreInput {
  memories: {
    count: number;
    /** Σ effective (decayed) confidence. */
    effectiveConfidenceSum: number;
    /** Memories per category. */
    byCategory: Record<string, number>;
  };
  patterns: {
    /** Tool patterns categorised `pattern`. */
    validated: number;
    /** Σ count (uses) of those patterns. */
    uses: number;
    /** Σ avg_success × count of those patterns. */
    weightedSuccessSum: number;
  };
  /** Rules marked supported in each project's latest guidance generation. */
  supportedRules: number;
  sessions: {
    count: number;
    /** Σ success score. */
    successSum: number;
    /** Distinct UTC days with a session start. */
    days: number;
  };
  recent: {
    sessions7: number;
    sessions30: number;
    memories7: number;
    memories30: number;
    reinforced7: number;
    reinforced30: number;
  };
  lastDataAt: number | null;
}

const sat = (x: number, k: number) => (x <= 0 ? 0 : 1 - Math.exp(-x / k));
const lin = (x: number, target: number) => Math.min(1, Math.max(0, x / target));

const CATEGORY_COUNT = 5;

/** Normalised Shannon entropy of the counts over `of` possible categories: 0 (one) … 1 (all equally). */
export function diversity(counts: readonly number[], of = CATEGORY_COUNT): number {
  const total = counts.reduce((s, n) => s + Math.max(0, n), 0);
  if (total <= 0 || of < 2) return 0;
  let h = 0;
  for (const n of counts) {
    if (n <= 0) continue;
    const p = n / total;
    h -= p * Math.log(p);
  }
  return Math.min(1, h / Math.log(of));
}

export function grade(total: number): Grade {
  if (total >= 90) return "S";
  if (total >= 80) return "A";
  if (total >= 70) return "B";
  if (total >= 60) return "C";
  if (total >= 40) return "D";
  return "F";
}

function component(key: ComponentKey, label: string, details: ScoreDetail[]): ScoreComponent {
  const points = details.reduce((s, d) => s + d.points, 0);
  return { key, label, points: Math.min(COMPONENT_MAX, Math.max(0, points)), max: COMPONENT_MAX, details };
}

export function memoryDepth(m: ScoreInput["memories"]): ScoreComponent {
  const mean = m.count > 0 ? m.effectiveConfidenceSum / m.count : 0;
  const mix = diversity(Object.values(m.byCategory));
  return component("memoryDepth", "Memory depth", [
    { label: "Memories", value: m.count, points: 8 * sat(m.count, 100) },
    { label: "Mean effective confidence", value: mean, points: 10 * lin(mean, 0.8) },
    { label: "Category diversity", value: mix, points: 7 * mix },
  ]);
}

export function patternQuality(p: ScoreInput["patterns"], supportedRules: number): ScoreComponent {
  const success = p.uses > 0 ? p.weightedSuccessSum / p.uses : 0;
  return component("patternQuality", "Pattern quality", [
    { label: "Validated patterns", value: p.validated, points: 8 * sat(p.validated, 10) },
    { label: "Uses of validated patterns", value: p.uses, points: 5 * sat(p.uses, 100) },
    { label: "Their mean success", value: success, points: 5 * lin(success, 1) },
    { label: "Supported rules", value: supportedRules, points: 7 * sat(supportedRules, 5) },
  ]);
}

export function operationalHistory(s: ScoreInput["sessions"]): ScoreComponent {
  const rate = s.count > 0 ? s.successSum / s.count : 0;
  return component("operationalHistory", "Operational history", [
    { label: "Sessions", value: s.count, points: 10 * sat(s.count, 500) },
    { label: "Days covered", value: s.days, points: 7 * lin(s.days, 30) },
    { label: "Success rate", value: rate, points: 8 * lin(rate, 1) },
  ]);
}

/** 0.5 ^ (days since the latest data / 7); 0 without any data; future times count as now. */
function freshness(lastDataAt: number | null, now: number): number {
  if (lastDataAt === null) return 0;
  const days = Math.max(0, now - lastDataAt) / DAY_MS;
  return 0.5 ** (days / VELOCITY_HALF_LIFE_DAYS);
}

export function learningVelocity(r: ScoreInput["recent"], lastDataAt: number | null, now: number): ScoreComponent {
  const raw: ScoreDetail[] = [
    { label: "New sessions (7 d)", value: r.sessions7, points: 10 * 0.6 * sat(r.sessions7, 20) },
    { label: "New sessions (30 d)", value: r.sessions30, points: 10 * 0.4 * sat(r.sessions30, 60) },
    { label: "New memories (7 d)", value: r.memories7, points: 7 * 0.6 * sat(r.memories7, 20) },
    { label: "New memories (30 d)", value: r.memories30, points: 7 * 0.4 * sat(r.memories30, 60) },
    { label: "Reinforcements (7 d)", value: r.reinforced7, points: 8 * 0.6 * sat(r.reinforced7, 10) },
    { label: "Reinforcements (30 d)", value: r.reinforced30, points: 8 * 0.4 * sat(r.reinforced30, 30) },
  ];
  const rawPoints = raw.reduce((s, d) => s + d.points, 0);
  const factor = freshness(lastDataAt, now);
  return component("learningVelocity", "Learning velocity", [
    ...raw,
    {
      label: "Freshness (× 0.5 per 7 days without new data)",
      value: lastDataAt === null ? 0 : factor,
      points: -(rawPoints * (1 - factor)),
    },
  ]);
}

export function intelligenceScore(input: ScoreInput, now: number): IntelligenceReport {
  const components = [
    memoryDepth(input.memories),
    patternQuality(input.patterns, input.supportedRules),
    operationalHistory(input.sessions),
    learningVelocity(input.recent, input.lastDataAt, now),
  ];
  const total = Math.min(
    100,
    Math.max(
      0,
      components.reduce((s, c) => s + c.points, 0),
    ),
  );
  return { total, grade: grade(total), computedAt: now, lastDataAt: input.lastDataAt, components };
}
