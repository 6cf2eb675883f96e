/**
 * A seeded simulation of an experiment period, with a planted effect whose size is known exactly.
 *
 * Model, per session (ids UUID-shaped, arms by `assignArm` with the given share and salt):
 * - Every session's rules are the chosen measured rules (given to the guidance arm, withheld from the holdout).
 * - Each measured behaviour is followed with probability `followRate` when the rule was given (guidance arm,
 *   chosen rule) and `baseRate` otherwise; every session is eligible for every behaviour (its features are
 *   drawn to match: e.g. a followed focus rule changes 2–5 files, an unfollowed one 6–12).
 * - Success is 1 with probability `baseSuccess + effect · k / R` (k of the R chosen rules followed), else 0.
 *   So E[success] = baseSuccess + effect · rate per arm, and the planted differences are exactly
 *   success: effect · (followRate − baseRate); each rule's adherence: followRate − baseRate.
 * - A share `awaitingShare` of sessions has no session yet (outcome null).
 */
import { assignArm } from "@/lib/experiment/arm";
import type { BehaviourFeatures, EnrolledSession, MeasuredRule } from "@/lib/experiment/contract";
import { MEASURED_RULES } from "@/lib/experiment/contract";
import { createRandom, type Random } from "@/test/factories/generate/random";

export interface SimulationOptions {
  seed: number;
  sessions: number;
  holdoutShare: number;
  /** Default `sim-<seed>`. */
  salt?: string;
  /** The measured rules in the guidance; default all of them. */
  rules?: readonly MeasuredRule[];
  /** Probability of each behaviour without its rule. */
  baseRate: number;
  /** Probability of a behaviour when given its rule. */
  followRate: number;
  /** Success probability when no chosen rule is followed. */
  baseSuccess: number;
  /** Added to the success probability when every chosen rule is followed (pro rata for some). */
  effect: number;
  /** Share of sessions still awaiting their session; default 0.1. */
  awaitingShare?: number;
  /** Start of the period (ms); sessions are spread over `days` days from it. Defaults: 2026-01-05, 28. */
  startedAt?: number;
  days?: number;
}

export interface PlantedEffects {
  success: number;
  adherence: number;
}

/** The differences the simulation plants, guidance arm minus holdout. */
export function plantedEffects(o: Pick<SimulationOptions, "baseRate" | "followRate" | "effect">): PlantedEffects {
  return { success: o.effect * (o.followRate - o.baseRate), adherence: o.followRate - o.baseRate };
}

const DEFAULT_START = Date.UTC(2026, 0, 5);
const DAY_MS = 86_400_000;

function uuid(rng: Random): string {
  const hex = Array.from({ length: 32 }, () => rng.int(0, 15).toString(16)).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Features under which every measured behaviour is observable and reads as `followed` says. */
function features(rng: Random, followed: Record<MeasuredRule, boolean>): BehaviourFeatures {
  return {
    operationCount: followed["session-length"] ? rng.int(20, 50) : rng.int(51, 120),
    filesModified: followed.focus ? rng.int(2, 5) : rng.int(6, 12),
    verifiedAfterEdit: followed.verification,
    readBeforeEditRatio: followed["read-before-edit"] ? 1 : rng.int(0, 9) / 10,
    delegated: followed.delegation,
  };
}

export function simulateExperiment(o: SimulationOptions): EnrolledSession[] {
  const rules = o.rules ?? MEASURED_RULES;
  if (rules.length === 0) throw new RangeError("simulateExperiment needs at least one rule");
  if (o.baseSuccess < 0 || o.baseSuccess + Math.max(0, o.effect) > 1 || o.baseSuccess + Math.min(0, o.effect) < 0) {
    throw new RangeError("baseSuccess and baseSuccess + effect must both lie in [0, 1]");
  }
  const rng = createRandom(o.seed);
  const salt = o.salt ?? `sim-${o.seed}`;
  const start = o.startedAt ?? DEFAULT_START;
  const spanMs = (o.days ?? 28) * DAY_MS;
  return Array.from({ length: o.sessions }, (_, i) => {
    const sessionId = uuid(rng);
    const arm = assignArm(sessionId, salt, o.holdoutShare);
    const deliveredAt = start + Math.floor(rng.next() * spanMs);
    const followed = Object.fromEntries(
      MEASURED_RULES.map((key) => [
        key,
        rng.chance(arm === "guidance" && rules.includes(key) ? o.followRate : o.baseRate),
      ]),
    ) as Record<MeasuredRule, boolean>;
    const k = rules.filter((key) => followed[key]).length;
    const success = rng.chance(o.baseSuccess + (o.effect * k) / rules.length) ? 1 : 0;
    const awaiting = rng.chance(o.awaitingShare ?? 0.1);
    return {
      sessionId,
      arm,
      deliveredAt,
      generation: 1,
      rules: [...rules],
      outcome: awaiting
        ? null
        : {
            storedSessionId: i + 1,
            startedAt: deliveredAt + rng.int(1, 120) * 1000,
            success,
            features: features(rng, followed),
            tokensByModel: {},
          },
    };
  });
}
