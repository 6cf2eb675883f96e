import "server-only";
import { type Db } from "@/db/client";
import { statement } from "@/db/engine/statement";

/**
 * What each rule's randomised test is read from (docs/statistics.md#what-moves-a-rule-from-observed-to-tested): every
 * delivery of an experiment period with the rules it recorded, the ones its factorial draw left out (kept in
 * `left_out`; filled in for older deliveries first, `deliveriesWithoutLeftOut`) and, for a guidance-arm session whose
 * session has arrived (the latest stored for the session id, as the experiment report links them), its success.
 * One indexed pass over the period's deliveries; the sums per rule are made in lib/experiment/rule-effects.ts
 * (`ruleArmsOf`): parsing the two small JSON arrays there costs a fraction of expanding them per rule in SQL.
 */

export interface DeliveryOutcome {
  rules: string[];
  leftOut: string[] | null;
  /** The linked guidance-arm session's success; null for the holdout and for sessions not yet arrived. */
  success: number | null;
}

const deliveryOutcomes = statement<{ rules: string; leftOut: string | null; success: number | null }>(
  `SELECT d.rules, d.left_out AS "leftOut", t.success_score AS success
    FROM guidance_deliveries AS d
    LEFT JOIN sessions AS t ON t.id = (SELECT max(x.id) FROM sessions x WHERE x.project_id = d.project_id AND x.session_id = d.session_id) AND d.arm = 'guidance'
    WHERE d.experiment_id = ?
    ORDER BY d.id`,
);

/** The period's deliveries, oldest first, each with its draw and its linked guidance-arm session's success. */
export async function periodDeliveryOutcomes(db: Db, experimentId: number): Promise<DeliveryOutcome[]> {
  return (await deliveryOutcomes.all(db, experimentId)).map((r) => ({
    rules: JSON.parse(r.rules) as string[],
    leftOut: r.leftOut === null ? null : (JSON.parse(r.leftOut) as string[]),
    success: r.success === null ? null : Number(r.success),
  }));
}

const withoutLeftOut = statement<{ id: number; sessionId: string; arm: "guidance" | "holdout"; rules: string }>(
  `SELECT id, session_id AS "sessionId", arm, rules FROM guidance_deliveries WHERE experiment_id = ? AND left_out IS NULL ORDER BY id`,
);

/** The period's deliveries stored before their draw was kept. */
export async function deliveriesWithoutLeftOut(
  db: Db,
  experimentId: number,
): Promise<{ id: number; sessionId: string; arm: "guidance" | "holdout"; rules: string[] }[]> {
  return (await withoutLeftOut.all(db, experimentId)).map((r) => ({
    ...r,
    id: Number(r.id),
    rules: JSON.parse(r.rules) as string[],
  }));
}

const setLeftOut = statement(`UPDATE guidance_deliveries SET left_out = ? WHERE id = ? AND left_out IS NULL`);

/** Keeps the draw a delivery made (the rules it left out). */
export async function keepLeftOut(db: Db, id: number, leftOut: readonly string[]): Promise<void> {
  await setLeftOut.run(db, JSON.stringify(leftOut), id);
}
