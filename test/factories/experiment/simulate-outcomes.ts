/**
 * Seeded sessions with planted effects on the outcomes beyond success (docs/measuring-the-effect.md#planted-truth):
 * every linked session's tokens (all input of one priced model, so cost is proportional to them), steps and
 * duration are log-normal; the guidance arm's are multiplied by 1 − `cut`, so the true ratio of means for tokens,
 * cost, steps and duration is exactly 1 − `cut`. Success is 1 with probability `baseSuccess` in both arms. A
 * session repeats the known mistake (a failure the project's knowledge held from before the period) with
 * probability `mistakeRate.holdout` or `mistakeRate.guidance`, and hits a failure nobody knew with `unknownRate`.
 */
import type { EnrolledSession } from "@/lib/experiment/contract";
import type { KnownFailure } from "@/lib/experiment/known-mistakes";
import { createRandom } from "@/test/factories/generate/random";

export interface OutcomeSimulation {
  seed: number;
  sessions: number;
  holdoutShare: number;
  /** The share cut from the guidance arm's tokens, cost, steps and duration (0.2: 20% less). */
  cut: number;
  baseSuccess: number;
  /** Log-scale standard deviation of tokens, steps and duration. */
  sigma: number;
  mistakeRate: { guidance: number; holdout: number };
  unknownRate: number;
  startedAt: number;
  /** The model every token is billed as. */
  model: string;
}

export const KNOWN_SIGNATURE = "ModuleNotFoundError: No module named '…'";
const UNKNOWN_SIGNATURE = "error TSN: Type '…' is not assignable to type '…'.";
const DAY_MS = 86_400_000;

/** The project's knowledge for the simulation: the known failure, known from a day before the period. */
export const simulatedKnowledge = (o: Pick<OutcomeSimulation, "startedAt">): KnownFailure[] => [
  { signature: KNOWN_SIGNATURE, since: o.startedAt - DAY_MS },
];

export function simulateOutcomes(o: OutcomeSimulation): EnrolledSession[] {
  const rng = createRandom(o.seed);
  const logNormal = (median: number, factor: number) =>
    Math.max(1, Math.round(median * factor * Math.exp(o.sigma * rng.normal())));
  return Array.from({ length: o.sessions }, (_, i) => {
    const arm = rng.chance(o.holdoutShare) ? ("holdout" as const) : ("guidance" as const);
    const factor = arm === "guidance" ? 1 - o.cut : 1;
    const deliveredAt = o.startedAt + Math.floor(rng.next() * 28 * DAY_MS);
    const signatures = [
      ...(rng.chance(o.mistakeRate[arm]) ? [KNOWN_SIGNATURE] : []),
      ...(rng.chance(o.unknownRate) ? [UNKNOWN_SIGNATURE] : []),
    ];
    return {
      sessionId: `sim-${o.seed}-${i}`,
      arm,
      deliveredAt,
      generation: 1,
      rules: [],
      outcome: {
        storedSessionId: i + 1,
        startedAt: deliveredAt + 1000,
        success: rng.chance(o.baseSuccess) ? 1 : 0,
        features: {
          operationCount: logNormal(40, factor),
          filesModified: null,
          verifiedAfterEdit: null,
          readBeforeEditRatio: null,
          delegated: null,
        },
        tokensByModel: {
          [o.model]: {
            input: logNormal(400_000, factor),
            output: 0,
            cacheRead: 0,
            cacheCreation: 0,
            reasoning: 0,
            cacheCreationHour: 0,
          },
        },
        durationMs: logNormal(600_000, factor),
        toolErrors: rng.int(0, 4),
        interruptions: rng.int(0, 1),
        corrections: rng.int(0, 2),
        failureSignatures: signatures,
      },
    };
  });
}
