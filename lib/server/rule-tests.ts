import "server-only";
import { getDb, type Db } from "@/db/client";
import { openPeriod } from "@/db/queries/experiments";
import { deliveriesWithoutLeftOut, keepLeftOut, ruleArmRows, type RuleArmRow } from "@/db/queries/rule-arms";
import { leftOutFor } from "@/lib/experiment/arm";
import { ruleTests, type RuleArms } from "@/lib/experiment/rule-effects";
import type { RuleTest } from "@/lib/guidance/contract";
import { EMPTY_MOMENTS } from "@/lib/learn/stats";

/**
 * Each rule's randomised verdict where guidance is built (docs/statistics.md#what-moves-a-rule-from-observed-to-tested):
 * computed, not stored, from the open period's deliveries — each keeps the rules its factorial draw left out — and
 * their sessions' success, summed per rule and side in one SQL pass (db/queries/rule-arms.ts), then the same verdict
 * the Experiment page shows (lib/experiment/rule-effects.ts ruleTests). So the guidance is a function of stored data
 * alone (the same data, the same verdicts, the same content hash), costs one aggregate query over the experiment's
 * deliveries (no per-session hashing), and is never behind the data as a stored verdict written elsewhere could be.
 * Empty while the holdout is off: rules are tested only while the experiment runs.
 */
export async function projectRuleTests(projectId: number, db: Db = getDb()): Promise<Map<string, RuleTest>> {
  const period = await openPeriod(projectId, db);
  if (!period || period.holdoutShare === 0) return new Map();
  // Deliveries stored before their draw was kept: the draw is the same pure function of session, salt and rules.
  for (const d of await deliveriesWithoutLeftOut(period.id, db)) await keepLeftOut(d.id, leftOutFor(d.sessionId, period.salt, period.holdoutShare, d.arm, d.rules), db);
  return ruleTests(armsOf(await ruleArmRows(period.id, db)));
}

/** The rows, one per rule and side, as each rule's told and not-told moments. */
function armsOf(rows: readonly RuleArmRow[]): RuleArms[] {
  const byKey = new Map<string, RuleArms>();
  for (const r of rows) {
    const arms = byKey.get(r.key) ?? { key: r.key, told: EMPTY_MOMENTS, notTold: EMPTY_MOMENTS };
    const m = { n: r.n, sum: r.s, sumSq: r.q };
    byKey.set(r.key, r.told === 1 ? { ...arms, told: m } : { ...arms, notTold: m });
  }
  return [...byKey.values()];
}
