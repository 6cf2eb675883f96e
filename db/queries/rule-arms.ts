import "server-only";
import { getDb, type Db } from "@/db/client";
import { statement } from "@/db/engine/statement";

/**
 * Each rule's told and not-told sessions of an experiment period, summed in SQL (docs/statistics.md#each-rule-tested-by-randomisation):
 * one row per rule key any delivery of the period recorded and per side of its factorial draw, with the moments
 * (n, Σ, Σ²) of the success scores of the guidance-arm sessions whose trajectory has arrived (the latest stored for the
 * session id, as the experiment report links them). A rule only the holdout's deliveries recorded has rows with n = 0:
 * it still counts in the family the verdicts are corrected over. One pass over the period's deliveries and their
 * rules, no hashing: the draw each delivery made is kept in `left_out` (filled in for older deliveries first,
 * `deliveriesWithoutLeftOut`).
 */

export interface RuleArmRow {
  key: string;
  /** 1: the sessions told the rule; 0: those it was left out for. */
  told: number;
  n: number;
  s: number;
  q: number;
}

const linked = `t.id = (SELECT max(x.id) FROM trajectories x WHERE x.project_id = d.project_id AND x.session_id = d.session_id) AND d.arm = 'guidance'`;

const ruleArms = statement<RuleArmRow>({
  sqlite: `SELECT r.value AS key,
      CASE WHEN EXISTS (SELECT 1 FROM json_each(d.left_out) AS l WHERE l.value = r.value) THEN 0 ELSE 1 END AS told,
      count(t.id) AS n, total(t.success_score) AS s, total(t.success_score * t.success_score) AS q
    FROM guidance_deliveries AS d
    CROSS JOIN json_each(d.rules) AS r
    LEFT JOIN trajectories AS t ON ${linked}
    WHERE d.experiment_id = ?
    GROUP BY 1, 2 ORDER BY 1, 2`,
  postgresql: `SELECT r.value AS key,
      CASE WHEN CAST(coalesce(d.left_out, '[]') AS jsonb) @> jsonb_build_array(r.value) THEN 0 ELSE 1 END AS told,
      count(t.id) AS n, total(t.success_score) AS s, total(t.success_score * t.success_score) AS q
    FROM guidance_deliveries AS d
    CROSS JOIN LATERAL jsonb_array_elements_text(CAST(d.rules AS jsonb)) AS r(value)
    LEFT JOIN trajectories AS t ON ${linked}
    WHERE d.experiment_id = ?
    GROUP BY 1, 2 ORDER BY 1, 2`,
});

/** The period's rules, each side of its draw, with the success moments of its linked guidance-arm sessions. */
export async function ruleArmRows(experimentId: number, db: Db = getDb()): Promise<RuleArmRow[]> {
  const rows = await ruleArms.all(db, experimentId);
  return rows.map((r) => ({ key: String(r.key), told: Number(r.told), n: Number(r.n), s: Number(r.s), q: Number(r.q) }));
}

const withoutLeftOut = statement<{ id: number; sessionId: string; arm: "guidance" | "holdout"; rules: string }>(
  `SELECT id, session_id AS "sessionId", arm, rules FROM guidance_deliveries WHERE experiment_id = ? AND left_out IS NULL ORDER BY id`,
);

/** The period's deliveries stored before their draw was kept. */
export async function deliveriesWithoutLeftOut(experimentId: number, db: Db = getDb()): Promise<{ id: number; sessionId: string; arm: "guidance" | "holdout"; rules: string[] }[]> {
  return (await withoutLeftOut.all(db, experimentId)).map((r) => ({ ...r, id: Number(r.id), rules: JSON.parse(r.rules) as string[] }));
}

const setLeftOut = statement(`UPDATE guidance_deliveries SET left_out = ? WHERE id = ? AND left_out IS NULL`);

/** Keeps the draw a delivery made (the rules it left out). */
export async function keepLeftOut(id: number, leftOut: readonly string[], db: Db = getDb()): Promise<void> {
  await setLeftOut.run(db, JSON.stringify(leftOut), id);
}
