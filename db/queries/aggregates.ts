import "server-only";
import type { PinnedMemory } from "@/lib/guidance/contract";
import { getDb, type Db } from "@/db/client";
import { statement } from "@/db/engine/statement";
import { POSTGRES, SQLITE, type SqlDialect } from "@/db/engine/sql-dialect";
import { DOMAIN_COLUMNS, momentColumns, momentName, type OutcomeGroup } from "@/db/stats-columns";
import {
  THRESHOLDS as T,
  type Comparison,
  type DomainAggregate,
  type GroupProfile,
  type Moments,
  type ProjectAggregates,
  type SessionMeasures,
  type SharedPattern,
  type StratumCell,
  type ToolStratumCell,
} from "@/lib/guidance/aggregates";
import { ruleComparisons } from "@/lib/guidance/adjusted";
import { LastComputed } from "@/lib/last-computed";
import { eligibleSources } from "@/lib/guidance/eligibility";
import { WELCH_MIN_GROUP } from "@/lib/guidance/lessons";
import { EMPTY_MOMENTS, MIN_GROUP, subtract } from "@/lib/learn/stats";
import {
  MEASURES,
  OUTCOME_GROUPS,
  RULE_GROUPS,
  SCORE,
  SCORE_GROUPS,
  STRATUM,
  TOOL_USED,
  UNVERIFIED_SCORE,
} from "./guidance-groups";
import { eligibilityInput } from "./project-shares";

/**
 * The aggregates guidance is distilled from, read from the stats tables that triggers keep as sessions come
 * and go (db/stats-triggers.ts): one row per domain with its outcome groups' moments, one per domain and
 * behaviour stratum and one per (domain, tool, stratum) used, each as n, Σscore, Σscore², and two small queries
 * over the projects whose lessons may reach this one. Nothing is scanned per session, so the cost does not grow
 * with the project's history, with two bounded exceptions: the sessions that got guidance in a running
 * experiment are read to take them out of the rules (they grow with the experiment, not the history), and a
 * domain whose failed or successful group is below WELCH_MIN_GROUP has its sessions' measures read for the
 * lessons' permutation test. A row or group whose n fell to 0 counts as absent.
 */

const DOMAIN_SQL = `SELECT domain, ${DOMAIN_COLUMNS.join(", ")}
FROM project_domain_stats WHERE project_id = ? AND all_n > 0 ORDER BY domain`;

const STRATUM_SQL = `SELECT domain, stratum, n, s, q, u_s, u_q FROM project_stratum_stats WHERE project_id = ? AND n > 0 ORDER BY domain, stratum`;
const TOOL_SQL = `SELECT domain, tool, stratum, n, s, q, u_s, u_q FROM project_tool_stratum_stats WHERE project_id = ? AND n > 0 ORDER BY domain, tool, stratum`;

/** Sessions of the project that got guidance in a period of its experiment with a holdout (a running experiment), found from the deliveries. */
const GUIDED = `SELECT t.id FROM guidance_deliveries d
  JOIN experiments e ON e.id = d.experiment_id
  JOIN trajectories t ON t.project_id = d.project_id AND t.session_id = d.session_id
  WHERE d.project_id = ? AND d.arm = 'guidance' AND e.holdout_share > 0`;
/** Their cells as the stats tables keep them, each tool used counted by the triggers' json_each (db/stats-triggers.ts). */
const guidedCells = (
  withTools: boolean,
  d: SqlDialect,
) => `SELECT g.domain AS domain, ${withTools ? "j.key AS tool, " : ""}${STRATUM} AS stratum, count(*) AS n,
  total(${SCORE}) AS s, total(${d.square(SCORE)}) AS q, total(${UNVERIFIED_SCORE}) AS u_s, total(${d.square(UNVERIFIED_SCORE)}) AS u_q
FROM trajectories AS g${withTools ? `, ${d.jsonEach("g.tool_breakdown", "j")}` : ""} WHERE g.id IN (${GUIDED})${withTools ? ` AND ${TOOL_USED}` : ""}
GROUP BY ${withTools ? "1, 2, 3" : "1, 2"}`;
const bothGuidedCells = (withTools: boolean) => ({
  sqlite: guidedCells(withTools, SQLITE),
  postgresql: guidedCells(withTools, POSTGRES),
});

/** The measures lessons compare, per session of a domain's two outcome groups, oldest first. */
const SAMPLES_SQL = `SELECT CASE WHEN ${OUTCOME_GROUPS.failed} THEN 'failed' ELSE 'succeeded' END AS grp,
  ${MEASURES.ops} AS ops, ${MEASURES.files} AS files, ${MEASURES.shell} AS shell
FROM trajectories WHERE project_id = ? AND domain = ? AND (${OUTCOME_GROUPS.failed} OR ${OUTCOME_GROUPS.succeeded}) ORDER BY id`;

/** The SQL conditions of a global rule's two groups, for listing the sessions behind it; null for other keys. */
export function ruleGroupConditions(key: string): { with: string; without: string } | null {
  const groups = RULE_GROUPS[key as keyof typeof RULE_GROUPS];
  return groups ? { with: SCORE_GROUPS[groups[0]], without: SCORE_GROUPS[groups[1]] } : null;
}

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
GROUP BY tp.sequence HAVING count(*) >= 2 ORDER BY count(*) DESC, sum(tp.count) DESC, tp.sequence LIMIT ${T.crossProjectMaxPatterns * 5}`;

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
  guidedStrata: statement<Row>(bothGuidedCells(false)),
  guidedTools: statement<Row>(bothGuidedCells(true)),
  samples: statement<SessionMeasures & { grp: OutcomeGroup }>(SAMPLES_SQL),
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
  return n === 0 ? EMPTY_MOMENTS : { n, sum: Number(row[c.s] ?? 0), sumSq: Number(row[c.q] ?? 0) };
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

/** The kept cells less the guided sessions' contributions (matched by `key`), dropping cells left empty. */
function withoutGuided<C extends StratumCell>(kept: readonly C[], guided: readonly C[], key: (c: C) => string): C[] {
  const taken = new Map(guided.map((c) => [key(c), c]));
  return kept.flatMap((c) => {
    const g = taken.get(key(c));
    if (!g) return [c];
    const score = subtract(c.score, g.score);
    return score.n > 0 ? [{ ...c, score, unverified: subtract(c.unverified, g.unverified) }] : [];
  });
}

/** The stratum cells the rules are fitted on: every session but those that got guidance in a running experiment. */
async function ruleCells(db: Db, projectId: number): Promise<{ cells: StratumCell[]; tools: ToolStratumCell[] }> {
  const stratumKey = (c: StratumCell) => `${c.domain}\u0000${c.stratum}`;
  const toolKey = (c: ToolStratumCell) => `${c.domain}\u0000${c.tool}\u0000${c.stratum}`;
  const tools = (rows: Row[]) => rows.map((row) => ({ ...cellOf(row), tool: String(row.tool) }));
  return {
    cells: withoutGuided(
      (await s.strata.all(db, projectId)).map(cellOf),
      (await s.guidedStrata.all(db, projectId)).map(cellOf),
      stratumKey,
    ),
    tools: withoutGuided(
      tools(await s.tools.all(db, projectId)),
      tools(await s.guidedTools.all(db, projectId)),
      toolKey,
    ),
  };
}

/** Each session's measures for the domains whose outcome groups are too small for Welch's interval (both at least MIN_GROUP). */
async function samplesOf(db: Db, projectId: number, d: DomainAggregate): Promise<DomainAggregate["samples"]> {
  const small = Math.min(d.failed.n, d.succeeded.n);
  if (small < MIN_GROUP || small >= WELCH_MIN_GROUP) return undefined;
  const rows = await s.samples.all(db, projectId, d.domain);
  const pick = (grp: OutcomeGroup) =>
    rows.filter((r) => r.grp === grp).map(({ ops, files, shell }) => ({ ops, files, shell }));
  return { failed: pick("failed"), succeeded: pick("succeeded") };
}

/**
 * The rule comparisons per database and project, with the cells they were computed from (as JSON): they fit a
 * regression per rule and per tool and domain (about 25 ms at 100,000 sessions, at every guidance read), from cells
 * that change only when sessions do, so they are computed again only when the cells differ.
 */
const compared = new LastComputed<Db, Comparison[]>();

/**
 * Aggregates of one project (by id), with what the projects whose validated lessons may reach its guidance
 * (lib/guidance/eligibility.ts) hold: the rules their latest guidance supports, and the tool sequences proven
 * in two or more of them and this project.
 */
export async function projectAggregates(projectId: number, db: Db = getDb()): Promise<ProjectAggregates> {
  const project = await s.projectById.get(db, projectId);
  if (!project) throw new Error(`no project with id ${projectId}`);
  const domains: DomainAggregate[] = [];
  for (const row of await s.domains.all(db, projectId)) {
    const d: DomainAggregate = {
      domain: String(row.domain),
      success: momentsOf(row, momentName.all),
      failed: profileOf(row, "failed"),
      succeeded: profileOf(row, "succeeded"),
    };
    const samples = await samplesOf(db, projectId, d);
    domains.push(samples ? { ...d, samples } : d);
  }
  const { cells, tools } = await ruleCells(db, projectId);
  const sources = eligibleSources(await eligibilityInput(projectId, db));
  const sharedPatterns: SharedPattern[] =
    sources.length === 0
      ? []
      : (await s.sharedPatterns.all(db, JSON.stringify([projectId, ...sources]))).map((r) => ({
          sequence: r.sequence,
          projects: r.slugs.split("\u001f").sort(),
          count: r.count,
          avgSuccess: r.count > 0 ? r.weighted / r.count : 0,
        }));
  return {
    project: project.slug,
    sessions: domains.reduce((n, d) => n + d.success.n, 0),
    comparisons: await compared.get(db, projectId, JSON.stringify([cells, tools]), () => ruleComparisons(cells, tools)),
    domains,
    sharedPatterns,
    sourceRules:
      sources.length === 0
        ? []
        : (await s.sourceRules.all(db, JSON.stringify(sources))).map((r) => ({
            project: r.project,
            key: r.key,
            testedHelps: Number(r.testedHelps) === 1,
          })),
    pinned: await s.pinned.all(db, projectId),
  };
}
