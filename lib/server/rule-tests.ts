import "server-only";
import type { Db } from "@/db/client";
import { openPeriod } from "@/db/queries/experiments";
import { deliveriesWithoutLeftOut, keepLeftOut, periodDeliveryOutcomes } from "@/db/queries/rule-arms";
import { leftOutFor } from "@/lib/experiment/arm";
import { ruleArmsOf, ruleTests } from "@/lib/experiment/rule-effects";
import type { RuleTest } from "@/lib/guidance/contract";

/**
 * Each rule's randomised verdict where guidance is built (docs/statistics.md#what-moves-a-rule-from-observed-to-tested):
 * computed, not stored, from the open period's deliveries — each keeps the rules its factorial draw left out — and
 * their sessions' success, read in one indexed pass (db/queries/rule-arms.ts) and summed per rule and side, then the
 * same verdict the Experiment page shows (lib/experiment/rule-effects.ts ruleTests). So the guidance is a function of
 * stored data alone (the same data, the same verdicts, the same content hash), costs one read of the experiment's
 * deliveries (no per-session hashing), and is never behind the data as a stored verdict written elsewhere could be.
 * Empty while the holdout is off: rules are tested only while the experiment runs.
 */
export async function projectRuleTests(db: Db, projectId: number): Promise<Map<string, RuleTest>> {
  const period = await openPeriod(db, projectId);
  if (!period || period.holdoutShare === 0) return new Map();
  // Deliveries stored before their draw was kept: the draw is the same pure function of session, salt and rules.
  for (const d of await deliveriesWithoutLeftOut(db, period.id))
    await keepLeftOut(db, d.id, leftOutFor(d.sessionId, period.salt, period.holdoutShare, d.arm, d.rules));
  return ruleTests(ruleArmsOf(await periodDeliveryOutcomes(db, period.id)));
}
