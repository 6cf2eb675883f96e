import type { Db } from "@/db/client";
import { statement, type StatementText } from "@/db/engine/statement";
import { POSTGRES, SQLITE, type SqlDialect } from "@/db/engine/sql-dialect";
import { DOMAIN_COLUMNS, momentColumns } from "@/db/stats-columns";
import { SCORE, UNVERIFIED_SCORE, type DomainMoment } from "@/db/queries/guidance-groups";
import { GROUPS } from "@/lib/server/guidance-groups";

const { DOMAIN_MOMENTS, STRATUM, TOOL_USED } = GROUPS;

/**
 * The oracle for the trigger-kept guidance stats: the full scan of every session that guidance ran before
 * the stats tables existed, and a comparison of what the tables hold (rows with n > 0) with it. The scan of the
 * tools used reads tool_breakdown through the triggers' json_each spelling of each engine (db/engine/sql-dialect.ts).
 */

type Row = Record<string, number | string | null>;

function scanned({ name, condition, value }: DomainMoment): string[] {
  const c = momentColumns(name);
  const when = condition ?? "1 = 1";
  return [
    `total(CASE WHEN ${when} THEN 1 END) AS ${c.n}`,
    `total(CASE WHEN ${when} THEN ${value} END) AS ${c.s}`,
    `total(CASE WHEN ${when} THEN (${value}) * (${value}) END) AS ${c.q}`,
  ];
}

const CELL_MOMENTS = `count(*) AS n, total(t.${SCORE}) AS s, total(t.${SCORE} * t.${SCORE}) AS q,
    total(t.${UNVERIFIED_SCORE}) AS u_s, total(t.${UNVERIFIED_SCORE} * t.${UNVERIFIED_SCORE}) AS u_q`;

const toolScan = (d: SqlDialect) => `SELECT t.domain AS domain, j.key AS tool, ${STRATUM} AS stratum, ${CELL_MOMENTS}
    FROM sessions t, ${d.jsonEach("t.tool_breakdown", "j")}
    WHERE t.project_id = ? AND ${TOOL_USED} GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`;

const SCAN = {
  domains: `SELECT domain, ${DOMAIN_MOMENTS.flatMap(scanned).join(", ")}
    FROM sessions WHERE project_id = ? GROUP BY domain ORDER BY domain`,
  strata: `SELECT t.domain AS domain, ${STRATUM} AS stratum, ${CELL_MOMENTS}
    FROM sessions t WHERE t.project_id = ? GROUP BY 1, 2 ORDER BY 1, 2`,
  tools: { sqlite: toolScan(SQLITE), postgresql: toolScan(POSTGRES) },
};

const KEPT = {
  domains: `SELECT domain, ${DOMAIN_COLUMNS.join(", ")} FROM project_domain_stats WHERE project_id = ? AND all_n > 0 ORDER BY domain`,
  strata: `SELECT domain, stratum, n, s, q, u_s, u_q FROM project_stratum_stats WHERE project_id = ? AND n > 0 ORDER BY domain, stratum`,
  tools: `SELECT domain, tool, stratum, n, s, q, u_s, u_q FROM project_tool_stratum_stats WHERE project_id = ? AND n > 0 ORDER BY domain, tool, stratum`,
};

/** Sums agree to 1e-9 of their size, or of one session's score when they are smaller (what rounding leaves of 0). */
const close = (a: number, b: number) => Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));

/** Where the kept rows differ from the scanned ones: keys, counts (exactly) and sums (to 1e-9 relative). */
function differences(label: string, kept: Row[], scan: Row[], keys: string[]): string[] {
  const key = (row: Row) => keys.map((k) => row[k]).join("/");
  if (kept.map(key).join("|") !== scan.map(key).join("|")) {
    return [`${label}: kept ${kept.map(key).join(", ")} but a scan finds ${scan.map(key).join(", ")}`];
  }
  return kept.flatMap((row, i) =>
    Object.keys(row)
      .filter((column) => !keys.includes(column))
      .flatMap((column) => {
        const [a, b] = [Number(row[column]), Number(scan[i]![column])];
        const same = column === "n" || column.endsWith("_n") ? a === b : close(a, b);
        return same ? [] : [`${label} ${key(row)} ${column}: kept ${a}, scan ${b}`];
      }),
  );
}

/** Every difference between the stats tables and a full scan, for these projects (empty when they agree). */
export async function statsVersusScan(db: Db, projectIds: readonly number[]): Promise<string[]> {
  const all = (sql: StatementText, id: number) => statement<Row>(sql).all(db, id);
  const found: string[] = [];
  for (const id of projectIds) {
    found.push(
      ...differences(`project ${id} domain`, await all(KEPT.domains, id), await all(SCAN.domains, id), ["domain"]),
      ...differences(`project ${id} stratum`, await all(KEPT.strata, id), await all(SCAN.strata, id), [
        "domain",
        "stratum",
      ]),
      ...differences(`project ${id} tool`, await all(KEPT.tools, id), await all(SCAN.tools, id), [
        "domain",
        "tool",
        "stratum",
      ]),
    );
  }
  return found;
}

/** The stats tables, whole, to show that a change left them untouched. */
export async function statsSnapshot(db: Db): Promise<{ domains: Row[]; strata: Row[]; tools: Row[] }> {
  return {
    domains: await statement<Row>(`SELECT * FROM project_domain_stats ORDER BY project_id, domain`).all(db),
    strata: await statement<Row>(`SELECT * FROM project_stratum_stats ORDER BY project_id, domain, stratum`).all(db),
    tools: await statement<Row>(
      `SELECT * FROM project_tool_stratum_stats ORDER BY project_id, domain, tool, stratum`,
    ).all(db),
  };
}

/** Counts that went below zero anywhere: a contribution taken away twice. */
export async function negativeCounts(db: Db): Promise<number> {
  const domains = DOMAIN_COLUMNS.filter((c) => c.endsWith("_n"))
    .map((c) => `${c} < 0`)
    .join(" OR ");
  const row = await statement<{ n: number }>(
    `SELECT (SELECT count(*) FROM project_domain_stats WHERE ${domains}) + (SELECT count(*) FROM project_stratum_stats WHERE n < 0)
        + (SELECT count(*) FROM project_tool_stratum_stats WHERE n < 0) AS n`,
  ).get(db);
  return row!.n;
}
