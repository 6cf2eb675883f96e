/**
 * A seeded factorial experiment with planted per-rule effects, for testing lib/experiment/rule-effects.ts against
 * known truth. Per session: an arm by `assignArm`; in the guidance arm each rule told by `ruleIncluded` (the same
 * draws the server makes); success is 1 with probability `baseSuccess + Σ effect of the rules told` (the holdout is
 * told none), and, when `hiddenDifficulty` is set, a hidden difficulty (half the sessions) lowers it by that much
 * while making every behaviour rarer — a confounder no observational comparison can see.
 */
import { assignArm, ruleIncluded } from "@/lib/experiment/arm";
import type { BehaviourFeatures, EnrolledSession } from "@/lib/experiment/contract";
import { createRandom } from "@/test/factories/generate/random";

export interface FactorialOptions {
  seed: number;
  sessions: number;
  holdoutShare: number;
  /** Each rule's key and its planted effect on the success probability when told. */
  effects: Readonly<Record<string, number>>;
  baseSuccess: number;
  /** Lowers success by this much in half the sessions and makes their behaviours rarer; default 0. */
  hiddenDifficulty?: number;
}

/** Behaviours as a session's features: verified after its edits and read first, or not. */
function features(followed: boolean, filesModified: number): BehaviourFeatures {
  return {
    operationCount: followed ? 30 : 80,
    filesModified,
    verifiedAfterEdit: followed,
    readBeforeEditRatio: followed ? 1 : 0.5,
    delegated: followed,
  };
}

export function simulateFactorial(o: FactorialOptions): { salt: string; sessions: EnrolledSession[] } {
  const rng = createRandom(o.seed);
  const salt = `factorial-${o.seed}`;
  const keys = Object.keys(o.effects);
  const sessions = Array.from({ length: o.sessions }, (_, i): EnrolledSession => {
    const sessionId = `s${o.seed}-${i}`;
    const arm = assignArm(sessionId, salt, o.holdoutShare);
    const hard = (o.hiddenDifficulty ?? 0) > 0 && rng.chance(0.5);
    const told = arm === "guidance" ? keys.filter((key) => ruleIncluded(sessionId, salt, key)) : [];
    const p = o.baseSuccess - (hard ? o.hiddenDifficulty! : 0) + told.reduce((sum, key) => sum + o.effects[key]!, 0);
    const success = rng.chance(Math.min(1, Math.max(0, p))) ? 1 : 0;
    const followed = rng.chance(hard ? 0.2 : 0.8);
    return {
      sessionId,
      arm,
      deliveredAt: i,
      generation: 1,
      rules: [...keys],
      outcome: { storedSessionId: i + 1, startedAt: i, success, features: features(followed, 3), tokensByModel: {} },
    };
  });
  return { salt, sessions };
}
