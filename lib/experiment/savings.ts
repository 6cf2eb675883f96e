/**
 * What Starlight costs and saves (docs/measuring-the-effect.md#pays-for-itself): the tokens the injected guidance
 * itself costs against the measured difference in spend, steps and time per session, and whether it pays for
 * itself. The guidance arm's measured spend already includes reading the guidance, so "yes" needs only the cost
 * ratio's interval to lie below 1, once the experiment has the power to see the planned cut.
 */
import { costOf } from "@/lib/cost/cost";
import type { PriceTable } from "@/lib/cost/prices";
import type { OutcomeComparison, PowerPanel, SavingsPanel } from "@/lib/experiment/outcome-contract";
import type { SessionMeasures } from "@/lib/experiment/outcomes";
import { moments, summarize, welchInterval } from "@/lib/learn/stats";

/** Characters per token for an estimate of a text's tokens (English prose and markdown: about 4). */
export const CHARS_PER_TOKEN = 4;

export const approxTokens = (text: string) => Math.ceil(text.length / CHARS_PER_TOKEN);

/** Holdout mean minus guidance mean (what guidance saves per session), Welch 95%; null below 2 per arm. */
function saved(guidance: readonly (number | null)[], holdout: readonly (number | null)[]) {
  const g = guidance.filter((x): x is number => x !== null);
  const h = holdout.filter((x): x is number => x !== null);
  if (g.length < 2 || h.length < 2) return null;
  const w = welchInterval(summarize(moments(h)), summarize(moments(g)));
  return { estimate: w.estimate, low: w.low, high: w.high };
}

export interface SavingsInput {
  guidance: readonly SessionMeasures[];
  holdout: readonly SessionMeasures[];
  /** The guidance arm's sessions in the period (linked or not): each was given the guidance. */
  guidanceSessions: number;
  /** Approximate tokens of the guidance delivered; null when none was delivered yet. */
  guidanceTokens: number | null;
  /** The model the guidance is read by (the guidance arm's most used), whose input rate prices it; null if unknown. */
  model: string | null;
  prices: PriceTable;
  cost: OutcomeComparison;
  power: PowerPanel;
}

const pct = (x: number) => `${Math.round(x * 100)}%`;

export function savingsPanel(i: SavingsInput): SavingsPanel {
  const one =
    i.guidanceTokens === null || i.model === null
      ? null
      : costOf(
          {
            [i.model]: {
              input: i.guidanceTokens,
              output: 0,
              cacheRead: 0,
              cacheCreation: 0,
              reasoning: 0,
              cacheCreationHour: 0,
            },
          },
          i.prices,
        ).usd;
  const { verdict, reason } = verdictOf(i.cost, i.power);
  return {
    guidanceTokens: i.guidanceTokens,
    guidanceUsdPerSession: one,
    injectedUsd: one === null ? null : one * i.guidanceSessions,
    saved: {
      usdPerSession: saved(
        i.guidance.map((m) => m.costUsd),
        i.holdout.map((m) => m.costUsd),
      ),
      stepsPerSession: saved(
        i.guidance.map((m) => m.steps),
        i.holdout.map((m) => m.steps),
      ),
      msPerSession: saved(
        i.guidance.map((m) => m.durationMs),
        i.holdout.map((m) => m.durationMs),
      ),
    },
    verdict,
    reason,
  };
}

function verdictOf(cost: OutcomeComparison, power: PowerPanel): Pick<SavingsPanel, "verdict" | "reason"> {
  if (cost.low === null || cost.high === null)
    return { verdict: "not yet known", reason: "Too few priced sessions in an arm to compare cost." };
  if (!power.powered) {
    const today =
      power.detectableCut === null ? "" : ` Today it could detect a cut of ${pct(power.detectableCut)} or more;`;
    const wait =
      power.more === null
        ? ""
        : ` about ${power.more} more priced sessions${power.days === null ? "" : ` (≈ ${power.days} days at the current rate)`} are needed to see a ${pct(power.plannedCut)} cut.`;
    return {
      verdict: "not yet known",
      reason: `Underpowered: the interval is shown, but not read as a finding.${today}${wait}`,
    };
  }
  if (cost.high < 1)
    return {
      verdict: "yes",
      reason: `Sessions given guidance cost less, the guidance's own tokens included: ${pct(1 - cost.estimate!)} less (95% CI ${pct(1 - cost.high)} … ${pct(1 - cost.low)}).`,
    };
  if (cost.low > 1)
    return {
      verdict: "no",
      reason: `Sessions given guidance cost more: ${pct(cost.estimate! - 1)} more (95% CI ${pct(cost.low - 1)} … ${pct(cost.high - 1)}).`,
    };
  return {
    verdict: "not yet known",
    reason:
      "The cost ratio's interval includes no difference: a saving of the planned size is unlikely, but none is shown either way.",
  };
}
