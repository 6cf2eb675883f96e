import "server-only";
import type { PinnedMemory } from "@/lib/guidance/contract";
import type { Db } from "@/db/client";
import { statement } from "@/db/engine/statement";
import { POSTGRES, SQLITE, type SqlDialect } from "@/db/engine/sql-dialect";
import { DOMAIN_COLUMNS, momentColumns, momentName, type OutcomeGroup } from "@/db/stats-columns";
import type {
  DomainAggregate,
  GroupProfile,
  Moments,
  SessionMeasures,
  SharedPattern,
  SourceRule,
  StratumCell,
  ToolStratumCell,
} from "@/lib/guidance/aggregates";
import { MEASURES, SCORE, UNVERIFIED_SCORE, type GuidanceGroups } from "./guidance-groups";

/**
 * The reads guidance is distilled from (lib/server/project-aggregates.ts composes them): the stats tables that
 * triggers keep as sessions come and go (db/stats-triggers.ts): one row per domain with its outcome groups' moments,
 * one per domain and behaviour stratum and one per (domain, tool, stratum) used, each as n, Σscore, Σscore²; the
 * cells of the sessions that got guidance in a running experiment (they grow with the experiment, not the history);
 * a domain's sessions' measures (`outcomeSamples`); and two small queries over other projects. Nothing here is
 * scanned per session of the history. A row or group whose n fell to 0 counts as absent.
 */

const DOMAIN_SQL = `SELECT domain, ${DOMAIN_COLUMNS.join(", ")}
FROM project_domain_stats WHERE project_id = ? AND all_n > 0 ORDER BY domain`;

const STRATUM_SQL = `SELECT domain, stratum, n, s, q, u_s, u_q FROM project_stratum_stats WHERE project_id = ? AND n > 0 ORDER BY domain, stratum`;
const TOOL_SQL = `SELECT domain, tool, stratum, n, s, q, u_s, u_q FROM project_tool_stratum_stats WHERE project_id = ? AND n > 0 ORDER BY domain, tool, stratum`;

/** Sessions of the project that got guidance in a period of its experiment with a holdout (a running experiment), found from the deliveries. */
const GUIDED = `SELECT t.id FROM guidance_deliveries d
  JOIN experiments e ON e.id = d.experiment_id
  JOIN sessions t ON t.project_id = d.project_id AND t.session_id = d.session_id
  WHERE d.project_id = ? AND d.arm = 'guidance' AND e.holdout_share > 0`;
/** Their cells as the stats tables keep them, each tool used counted by the triggers' json_each (db/stats-triggers.ts). */
const guidedCells = (
  g: GuidanceGroups,
  withTools: boolean,
  d: SqlDialect,
) => `SELECT g.domain AS domain, ${withTools ? "j.key AS tool, " : ""}${g.STRATUM} AS stratum, count(*) AS n,
  total(${SCORE}) AS s, total(${d.square(SCORE)}) AS q, total(${UNVERIFIED_SCORE}) AS u_s, total(${d.square(UNVERIFIED_SCORE)}) AS u_q
FROM sessions AS g${withTools ? `, ${d.jsonEach("g.tool_breakdown", "j")}` : ""} WHERE g.id IN (${GUIDED})${withTools ? ` AND ${g.TOOL_USED}` : ""}
GROUP BY ${withTools ? "1, 2, 3" : "1, 2"}`;
const bothGuidedCells = (g: GuidanceGroups, withTools: boolean) => ({
  sqlite: guidedCells(g, withTools, SQLITE),
  postgresql: guidedCells(g, withTools, POSTGRES),
});

/** The measures lessons compare, per session of a domain's two outcome groups, oldest first. */
const samplesSql = ({
  OUTCOME_GROUPS,
}: GuidanceGroups) => `SELECT CASE WHEN ${OUTCOME_GROUPS.failed} THEN 'failed' ELSE 'succeeded' END AS grp,
  ${MEASURES.ops} AS ops, ${MEASURES.files} AS files, ${MEASURES.shell} AS shell
FROM sessions WHERE project_id = ? AND domain = ? AND (${OUTCOME_GROUPS.failed} OR ${OUTCOME_GROUPS.succeeded}) ORDER BY id`;

/** The ids of a JSON array parameter, as a subquery, in each engine's spelling. */
const IDS = {
  sqlite: "SELECT value FROM json_each(?)",
  postgresql: "SELECT CAST(value AS BIGINT) FROM jsonb_array_elements_text(CAST(? AS jsonb))",
};

/**
 * Sequences proven ("pattern") in two or more of the given projects (a JSON array of ids). Sequences with a
 * character no tool name has are skipped here (GLOB on SQLite, the same class as a regular expression on
 * PostgreSQL); lib/guidance/safe-name.ts checks each step exactly.
 */
const sharedPatternsSql = (
  engine: keyof typeof IDS,
) => `SELECT tp.sequence AS sequence, group_concat(p.slug, ${engine === "sqlite" ? "char(31)" : "chr(31)"}) AS slugs, sum(tp.count) AS count,
  total(tp.count * tp.avg_success) AS weighted
FROM tool_patterns tp JOIN projects p ON p.id = tp.project_id
WHERE tp.category = 'pattern' AND tp.project_id IN (${IDS[engine]})
  AND ${engine === "sqlite" ? "tp.sequence NOT GLOB '*[^A-Za-z0-9_.:> -]*'" : "tp.sequence !~ '[^A-Za-z0-9_.:> -]'"}
GROUP BY tp.sequence HAVING count(*) >= 2 ORDER BY count(*) DESC, sum(tp.count) DESC, tp.sequence LIMIT ?`;

/**
 * The rules supported, or tested by randomisation and found to help, in the latest stored guidance generation of each
 * of the given projects (a JSON array of ids), with whether they were tested to help there.
 */
const sourceRulesSql = (
  engine: keyof typeof IDS,
) => `SELECT p.slug AS project, rh.rule_key AS key, ${engine === "sqlite" ? "rh.tested = 'helps'" : "CASE WHEN rh.tested = 'helps' THEN 1 ELSE 0 END"} AS "testedHelps"
FROM rule_history rh JOIN projects p ON p.id = rh.project_id
WHERE rh.project_id IN (${IDS[engine]}) AND (rh.support = 'supported' OR rh.tested = 'helps')
  AND rh.generation = (SELECT max(gv.generation) FROM guidance_versions gv WHERE gv.project_id = rh.project_id)
ORDER BY rh.rule_key, p.slug`;

type Row = Record<string, number | string | null>;

/** This module's statements, kept prepared by the executor. */
const s = {
  projectById: statement<{ id: number; slug: string }>(`SELECT id, slug FROM projects WHERE id = ?`),
  domains: statement<Row>(DOMAIN_SQL),
  strata: statement<Row>(STRATUM_SQL),
  tools: statement<Row>(TOOL_SQL),
  sharedPatterns: statement<{ sequence: string; slugs: string; count: number; weighted: number }>({
    sqlite: sharedPatternsSql("sqlite"),
    postgresql: sharedPatternsSql("postgresql"),
  }),
  sourceRules: statement<{ project: string; key: string; testedHelps: number | boolean | null }>({
    sqlite: sourceRulesSql("sqlite"),
    postgresql: sourceRulesSql("postgresql"),
  }),
  pinned: statement<PinnedMemory>(
    `SELECT m.id AS id, m.category AS category, m.content AS content, u.name AS "pinnedBy"
      FROM memories m LEFT JOIN users u ON u.id = m.pinned_by
      WHERE m.pinned = 1 AND (m.project_id = ? OR m.project_id IS NULL) ORDER BY m.id`,
  ),
};

/** A moment of a stats row; with n = 0 the sums are what rounding left of additions taken back, so they are dropped. */
function momentsOf(row: Row, name: string): Moments {
  const c = momentColumns(name);
  const n = Number(row[c.n] ?? 0);
  return n === 0 ? { n: 0, sum: 0, sumSq: 0 } : { n, sum: Number(row[c.s] ?? 0), sumSq: Number(row[c.q] ?? 0) };
}

function profileOf(row: Row, group: OutcomeGroup): GroupProfile {
  const ops = momentsOf(row, momentName.outcome(group, "ops"));
  return {
    n: ops.n,
    ops,
    files: momentsOf(row, momentName.outcome(group, "files")),
    shellShare: momentsOf(row, momentName.outcome(group, "shell")),
  };
}

const cellMoments = (row: Row, prefix: "" | "u_"): Moments =>
  prefix === ""
    ? { n: Number(row.n), sum: Number(row.s), sumSq: Number(row.q) }
    : { n: Number(row.n), sum: Number(row.u_s), sumSq: Number(row.u_q) };

const cellOf = (row: Row): StratumCell => ({
  domain: String(row.domain),
  stratum: Number(row.stratum),
  score: cellMoments(row, ""),
  unverified: cellMoments(row, "u_"),
});

const toolCells = (rows: Row[]): ToolStratumCell[] => rows.map((row) => ({ ...cellOf(row), tool: String(row.tool) }));

/** The stratum cells of a project's sessions, per domain and stratum and per (domain, tool, stratum). */
export interface Cells {
  cells: StratumCell[];
  tools: ToolStratumCell[];
}

/** What the stats tables keep of one project (by id): its slug, each domain's moments, its stratum cells. */
export interface KeptAggregates {
  project: string;
  /** Without `samples`: lib/server reads them (`outcomeSamples`) for the domains that need them. */
  domains: DomainAggregate[];
  kept: Cells;
  /** The cells of the sessions that got guidance in a period of the project's experiment with a holdout. */
  guided: Cells;
}

/** The project's kept aggregates, with the guided sessions' cells as the groups `g` make them. */
export async function keptAggregates(db: Db, g: GuidanceGroups, projectId: number): Promise<KeptAggregates> {
  const project = await s.projectById.get(db, projectId);
  if (!project) throw new Error(`no project with id ${projectId}`);
  const domains = (await s.domains.all(db, projectId)).map((row) => ({
    domain: String(row.domain),
    success: momentsOf(row, momentName.all),
    failed: profileOf(row, "failed"),
    succeeded: profileOf(row, "succeeded"),
  }));
  return {
    project: project.slug,
    domains,
    kept: {
      cells: (await s.strata.all(db, projectId)).map(cellOf),
      tools: toolCells(await s.tools.all(db, projectId)),
    },
    guided: {
      cells: (await statement<Row>(bothGuidedCells(g, false)).all(db, projectId)).map(cellOf),
      tools: toolCells(await statement<Row>(bothGuidedCells(g, true)).all(db, projectId)),
    },
  };
}

/** Each session's measures in a domain's two outcome groups (as `g` parts them), oldest first. */
export async function outcomeSamples(
  db: Db,
  g: GuidanceGroups,
  projectId: number,
  domain: string,
): Promise<NonNullable<DomainAggregate["samples"]>> {
  const rows = await statement<SessionMeasures & { grp: OutcomeGroup }>(samplesSql(g)).all(db, projectId, domain);
  const pick = (grp: OutcomeGroup) =>
    rows.filter((r) => r.grp === grp).map(({ ops, files, shell }) => ({ ops, files, shell }));
  return { failed: pick("failed"), succeeded: pick("succeeded") };
}

/** Tool sequences proven ("pattern") in two or more of the projects (by id), at most `limit`, most widely proven first. */
export async function sharedPatterns(db: Db, projectIds: readonly number[], limit: number): Promise<SharedPattern[]> {
  return (await s.sharedPatterns.all(db, JSON.stringify(projectIds), limit)).map((r) => ({
    sequence: r.sequence,
    projects: r.slugs.split("\u001f").sort(),
    count: r.count,
    avgSuccess: r.count > 0 ? r.weighted / r.count : 0,
  }));
}

/** The rules the latest guidance generation of each of the projects (by id) supports, or tested to help. */
export async function sourceRules(db: Db, projectIds: readonly number[]): Promise<SourceRule[]> {
  return (await s.sourceRules.all(db, JSON.stringify(projectIds))).map((r) => ({
    project: r.project,
    key: r.key,
    testedHelps: Number(r.testedHelps) === 1,
  }));
}

/** The memories pinned in the project or for every project. */
export async function pinnedMemories(db: Db, projectId: number): Promise<PinnedMemory[]> {
  return s.pinned.all(db, projectId);
}
