import { costOf } from "@/lib/cost/cost";
import type { PriceTable } from "@/lib/cost/prices";
import type { ArmCost } from "@/lib/experiment/contract";
import type { LinkedSession } from "@/lib/experiment/linked";
import { THRESHOLDS } from "@/lib/guidance/aggregates";

/**
 * An arm's cost: over its linked sessions whose tokens are all priced, the total, per session, and per successful
 * session (everything spent, failures included, over the successes), so guidance that raises success but doubles
 * the spend shows as a dearer success.
 */
export function armCost(sessions: readonly LinkedSession[], table: PriceTable): ArmCost {
  let usd = 0;
  let priced = 0;
  let successful = 0;
  for (const s of sessions) {
    const cost = Object.keys(s.outcome.tokensByModel).length === 0 ? null : costOf(s.outcome.tokensByModel, table).usd;
    if (cost === null) continue;
    priced++;
    usd += cost;
    if (s.outcome.success >= THRESHOLDS.succeededMinScore) successful++;
  }
  return {
    priced,
    unpriced: sessions.length - priced,
    successful,
    usd,
    perSession: priced > 0 ? usd / priced : null,
    perSuccess: successful > 0 ? usd / successful : null,
  };
}
