import "server-only";
import { preparedFor } from "@/db/prepared";
import type { PinnedMemory } from "@/lib/guidance/contract";
import type Database from "better-sqlite3";
import { getDb, type Db } from "@/db/client";
import type { GuidanceContent } from "@/lib/guidance/contract";
import {
  THRESHOLDS as T,
  type Comparison,
  type DomainAggregate,
  type ForeignMemory,
  type GroupProfile,
  type Moments,
  type ProjectAggregates,
  type SharedPattern,
} from "@/lib/guidance/aggregates";
import { distil } from "@/lib/guidance/distil";
import { add, EMPTY_MOMENTS, subtract } from "@/lib/learn/stats";

/**
 * The aggregates guidance is distilled from, computed in SQL from the stored feature columns: one scan of
 * the project's sessions grouped by domain (every rule source's groups as conditional sums of n, Σscore,
 * Σscore²), one json_each pass over tool counts, and two small cross-project queries. No session row is
 * loaded into JavaScript. NULL features (unknown, e.g. ACOS has no operation order) fall in neither group.
 */

const S = "success_score";
/** Share of a session's operations that were shell calls. */
const SHELL_SHARE = "(CASE WHEN operation_count > 0 THEN CAST(shell_ops AS REAL) / operation_count ELSE 0 END)";

/** Groups of success scores, by SQL condition. */
const SCORE_GROUPS = {
  verifyWith: `files_modified_count >= ${T.verificationMinFiles} AND verified_after_edit = 1`,
  verifyWithout: `files_modified_count >= ${T.verificationMinFiles} AND verified_after_edit = 0`,
  readWith: `read_before_edit_ratio >= ${T.readBeforeEditFull}`,
  readWithout: `read_before_edit_ratio < ${T.readBeforeEditFull}`,
  delegWith: `operation_count >= ${T.delegationMinOps} AND delegated = 1`,
  delegWithout: `operation_count >= ${T.delegationMinOps} AND delegated = 0`,
  short: `operation_count <= ${T.shortMaxOps}`,
  marathon: `operation_count >= ${T.marathonMinOps}`,
  focused: `files_modified_count BETWEEN 1 AND ${T.focusedMaxFiles}`,
  scattered: `files_modified_count >= ${T.scatteredMinFiles}`,
} as const;
type ScoreGroup = keyof typeof SCORE_GROUPS;

/** Each global rule's two groups (with the behaviour, without it), by rule key. */
const RULE_GROUPS = {
  verification: ["verifyWith", "verifyWithout"],
  "read-before-edit": ["readWith", "readWithout"],
  delegation: ["delegWith", "delegWithout"],
  "session-length": ["short", "marathon"],
  focus: ["focused", "scattered"],
} as const satisfies Record<string, readonly [ScoreGroup, ScoreGroup]>;

/** The SQL conditions of a global rule's two groups, for listing the sessions behind it; null for other keys. */
export function ruleGroupConditions(key: string): { with: string; without: string } | null {
  const groups = RULE_GROUPS[key as keyof typeof RULE_GROUPS];
  return groups ? { with: SCORE_GROUPS[groups[0]], without: SCORE_GROUPS[groups[1]] } : null;
}

/** Outcome groups whose session measures lessons compare. */
const OUTCOME_GROUPS = {
  failed: `${S} <= ${T.failedMaxScore}`,
  succeeded: `${S} >= ${T.succeededMinScore}`,
} as const;
const MEASURES = { ops: "operation_count", files: "files_modified_count", shell: SHELL_SHARE } as const;

function momentColumns(name: string, condition: string, value: string): string[] {
  return [
    `total(CASE WHEN ${condition} THEN 1 END) AS ${name}_n`,
    `total(CASE WHEN ${condition} THEN ${value} END) AS ${name}_s`,
    `total(CASE WHEN ${condition} THEN (${value}) * (${value}) END) AS ${name}_q`,
  ];
}

const DOMAIN_SQL = `SELECT domain, count(*) AS all_n, total(${S}) AS all_s, total(${S} * ${S}) AS all_q,
  ${[
    ...Object.entries(SCORE_GROUPS).flatMap(([name, cond]) => momentColumns(name, cond, S)),
    ...Object.entries(OUTCOME_GROUPS).flatMap(([group, cond]) =>
      Object.entries(MEASURES).flatMap(([measure, value]) => momentColumns(`${group}_${measure}`, cond, value)),
    ),
  ].join(",\n  ")}
FROM trajectories WHERE project_id = ? GROUP BY domain ORDER BY domain`;

const TOOL_SQL = `SELECT t.domain AS domain, j.key AS tool, count(*) AS n, total(t.${S}) AS s, total(t.${S} * t.${S}) AS q
FROM trajectories t, json_each(t.tool_breakdown) j
WHERE t.project_id = ? AND j.type = 'integer' AND j.value >= ${T.toolMinUses}
GROUP BY t.domain, j.key ORDER BY t.domain, j.key`;

const SHARED_PATTERNS_SQL = `SELECT tp.sequence AS sequence, group_concat(p.slug, char(31)) AS slugs, sum(tp.count) AS count,
  total(tp.count * tp.avg_success) AS weighted
FROM tool_patterns tp JOIN projects p ON p.id = tp.project_id
WHERE tp.category = 'pattern'
GROUP BY tp.sequence HAVING count(*) >= 2 ORDER BY count(*) DESC, sum(tp.count) DESC, tp.sequence LIMIT 20`;

const FOREIGN_MEMORIES_SQL = `SELECT m.id AS id, p.slug AS project, m.category AS category, m.content AS content, m.confidence AS confidence
FROM memories m JOIN projects p ON p.id = m.project_id
WHERE m.project_id <> ? AND m.trajectory_id IS NULL AND m.category IN ('pattern', 'error', 'decision')
  AND m.confidence >= ${T.crossProjectMinConfidence}
ORDER BY m.confidence DESC, m.id LIMIT ${T.crossProjectMaxMemories}`;

function statements(sqlite: Database.Database) {
  return {
    project: sqlite.prepare(`SELECT id, slug FROM projects WHERE slug = ?`),
    projectById: sqlite.prepare(`SELECT id, slug FROM projects WHERE id = ?`),
    otherProjects: sqlite.prepare(`SELECT count(*) AS n FROM projects WHERE id <> ?`),
    domains: sqlite.prepare(DOMAIN_SQL),
    tools: sqlite.prepare(TOOL_SQL),
    sharedPatterns: sqlite.prepare(SHARED_PATTERNS_SQL),
    foreignMemories: sqlite.prepare(FOREIGN_MEMORIES_SQL),
    pinned: sqlite.prepare(
      `SELECT id, category, content FROM memories WHERE pinned = 1 AND (project_id = ? OR project_id IS NULL) ORDER BY id`,
    ),
  };
}

const prepared = preparedFor(statements);

type Row = Record<string, number | string | null>;

function momentsOf(row: Row, name: string): Moments {
  return { n: Number(row[`${name}_n`] ?? 0), sum: Number(row[`${name}_s`] ?? 0), sumSq: Number(row[`${name}_q`] ?? 0) };
}

function profileOf(row: Row, group: keyof typeof OUTCOME_GROUPS): GroupProfile {
  const ops = momentsOf(row, `${group}_ops`);
  return { n: ops.n, ops, files: momentsOf(row, `${group}_files`), shellShare: momentsOf(row, `${group}_shell`) };
}

/** The six sources' comparisons over the whole project (tool preference per domain). */
function comparisons(domainRows: readonly Row[], toolRows: readonly Row[], domainTotals: ReadonlyMap<string, Moments>): Comparison[] {
  const total = (group: ScoreGroup) => domainRows.reduce((acc, row) => add(acc, momentsOf(row, group)), EMPTY_MOMENTS);
  const global = (key: Comparison["source"], w: ScoreGroup, wo: ScoreGroup): Comparison => ({
    key,
    source: key,
    domain: null,
    tool: null,
    with: total(w),
    without: total(wo),
  });
  const out: Comparison[] = Object.entries(RULE_GROUPS).map(([key, [w, wo]]) => global(key as Comparison["source"], w, wo));
  for (const row of toolRows) {
    const domain = String(row.domain);
    const tool = String(row.tool);
    const withTool: Moments = { n: Number(row.n), sum: Number(row.s), sumSq: Number(row.q) };
    out.push({
      key: `tool-preference:${domain}:${tool}`,
      source: "tool-preference",
      domain,
      tool,
      with: withTool,
      without: subtract(domainTotals.get(domain) ?? EMPTY_MOMENTS, withTool),
    });
  }
  return out;
}

/** Aggregates of one project (by id). */
export function projectAggregates(projectId: number, db: Db = getDb()): ProjectAggregates {
  const s = prepared(db);
  const project = s.projectById.get(projectId) as { id: number; slug: string } | undefined;
  if (!project) throw new Error(`no project with id ${projectId}`);
  const domainRows = s.domains.all(projectId) as Row[];
  const toolRows = s.tools.all(projectId) as Row[];
  const domainTotals = new Map(domainRows.map((row) => [String(row.domain), momentsOf(row, "all")]));
  const domains: DomainAggregate[] = domainRows.map((row) => ({
    domain: String(row.domain),
    success: momentsOf(row, "all"),
    failed: profileOf(row, "failed"),
    succeeded: profileOf(row, "succeeded"),
  }));
  const others = (s.otherProjects.get(projectId) as { n: number }).n;
  const sharedPatterns: SharedPattern[] =
    others === 0
      ? []
      : (s.sharedPatterns.all() as Array<{ sequence: string; slugs: string; count: number; weighted: number }>).map((r) => ({
          sequence: r.sequence,
          projects: r.slugs.split("\u001f").sort(),
          count: r.count,
          avgSuccess: r.count > 0 ? r.weighted / r.count : 0,
        }));
  const foreignMemories = others === 0 ? [] : (s.foreignMemories.all(projectId) as ForeignMemory[]);
  return {
    project: project.slug,
    sessions: domains.reduce((n, d) => n + d.success.n, 0),
    comparisons: comparisons(domainRows, toolRows, domainTotals),
    domains,
    sharedPatterns,
    foreignMemories,
    pinned: s.pinned.all(projectId) as PinnedMemory[],
  };
}

/** Aggregates of the project with this slug; null when there is no such project. */
export function aggregatesForSlug(slug: string, db: Db = getDb()): ProjectAggregates | null {
  const project = prepared(db).project.get(slug) as { id: number } | undefined;
  return project ? projectAggregates(project.id, db) : null;
}

/** The project's guidance content (aggregates → distil); null when there is no such project. */
export function distilProject(slug: string, db: Db = getDb()): GuidanceContent | null {
  const aggregates = aggregatesForSlug(slug, db);
  return aggregates ? distil(aggregates) : null;
}
