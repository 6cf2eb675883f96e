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
  type GroupProfile,
  type Moments,
  type ProjectAggregates,
  type SharedPattern,
  type SourceRule,
} from "@/lib/guidance/aggregates";
import { eligibleSources } from "@/lib/guidance/eligibility";
import { distil } from "@/lib/guidance/distil";
import { add, EMPTY_MOMENTS, subtract } from "@/lib/learn/stats";
import {
  DOMAIN_COLUMNS,
  momentColumns,
  momentName,
  RULE_GROUPS,
  SCORE_GROUPS,
  type OutcomeGroup,
  type ScoreGroup,
} from "./guidance-groups";
import { eligibilityInput } from "./project-shares";

/**
 * The aggregates guidance is distilled from, read from the stats tables that triggers keep as sessions come
 * and go (db/stats-triggers.ts): one row per domain holding every rule source's groups as n, Σscore, Σscore²,
 * one row per (domain, tool) used, and two small queries over the projects whose lessons may reach this one.
 * Nothing is scanned per session, so the cost does not grow with the project's history. A row or group whose
 * n fell to 0 counts as absent.
 */

const DOMAIN_SQL = `SELECT domain, ${DOMAIN_COLUMNS.join(", ")}
FROM project_domain_stats WHERE project_id = ? AND all_n > 0 ORDER BY domain`;

const TOOL_SQL = `SELECT domain, tool, n, s, q FROM project_tool_stats WHERE project_id = ? AND n > 0 ORDER BY domain, tool`;

/** The SQL conditions of a global rule's two groups, for listing the sessions behind it; null for other keys. */
export function ruleGroupConditions(key: string): { with: string; without: string } | null {
  const groups = RULE_GROUPS[key as keyof typeof RULE_GROUPS];
  return groups ? { with: SCORE_GROUPS[groups[0]], without: SCORE_GROUPS[groups[1]] } : null;
}

/**
 * Sequences proven ("pattern") in two or more of the given projects (a JSON array of ids). Sequences with a
 * character no tool name has are skipped here; lib/guidance/safe-name.ts checks each step exactly.
 */
const SHARED_PATTERNS_SQL = `SELECT tp.sequence AS sequence, group_concat(p.slug, char(31)) AS slugs, sum(tp.count) AS count,
  total(tp.count * tp.avg_success) AS weighted
FROM tool_patterns tp JOIN projects p ON p.id = tp.project_id
WHERE tp.category = 'pattern' AND tp.project_id IN (SELECT value FROM json_each(?))
  AND tp.sequence NOT GLOB '*[^A-Za-z0-9_.:> -]*'
GROUP BY tp.sequence HAVING count(*) >= 2 ORDER BY count(*) DESC, sum(tp.count) DESC, tp.sequence LIMIT ${T.crossProjectMaxPatterns * 5}`;

/** The rules supported in the latest stored guidance generation of each of the given projects (a JSON array of ids). */
const SOURCE_RULES_SQL = `SELECT p.slug AS project, rh.rule_key AS key
FROM rule_history rh JOIN projects p ON p.id = rh.project_id
WHERE rh.project_id IN (SELECT value FROM json_each(?)) AND rh.support = 'supported'
  AND rh.generation = (SELECT max(gv.generation) FROM guidance_versions gv WHERE gv.project_id = rh.project_id)
ORDER BY rh.rule_key, p.slug`;

function statements(sqlite: Database.Database) {
  return {
    project: sqlite.prepare(`SELECT id, slug FROM projects WHERE slug = ?`),
    projectById: sqlite.prepare(`SELECT id, slug FROM projects WHERE id = ?`),
    domains: sqlite.prepare(DOMAIN_SQL),
    tools: sqlite.prepare(TOOL_SQL),
    sharedPatterns: sqlite.prepare(SHARED_PATTERNS_SQL),
    sourceRules: sqlite.prepare(SOURCE_RULES_SQL),
    pinned: sqlite.prepare(
      `SELECT m.id AS id, m.category AS category, m.content AS content, u.name AS pinnedBy
      FROM memories m LEFT JOIN users u ON u.id = m.pinned_by
      WHERE m.pinned = 1 AND (m.project_id = ? OR m.project_id IS NULL) ORDER BY m.id`,
    ),
  };
}

const prepared = preparedFor(statements);

type Row = Record<string, number | string | null>;

/** A moment of a stats row; with n = 0 the sums are what rounding left of additions taken back, so they are dropped. */
function momentsOf(row: Row, name: string): Moments {
  const c = momentColumns(name);
  const n = Number(row[c.n] ?? 0);
  return n === 0 ? EMPTY_MOMENTS : { n, sum: Number(row[c.s] ?? 0), sumSq: Number(row[c.q] ?? 0) };
}

function profileOf(row: Row, group: OutcomeGroup): GroupProfile {
  const ops = momentsOf(row, momentName.outcome(group, "ops"));
  return { n: ops.n, ops, files: momentsOf(row, momentName.outcome(group, "files")), shellShare: momentsOf(row, momentName.outcome(group, "shell")) };
}

/** The six sources' comparisons over the whole project (tool preference per domain). */
function comparisons(domainRows: readonly Row[], toolRows: readonly Row[], domainTotals: ReadonlyMap<string, Moments>): Comparison[] {
  const total = (group: ScoreGroup) => domainRows.reduce((acc, row) => add(acc, momentsOf(row, momentName.score(group))), EMPTY_MOMENTS);
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

/**
 * Aggregates of one project (by id), with what the projects whose validated lessons may reach its guidance
 * (lib/guidance/eligibility.ts) hold: the rules their latest guidance supports, and the tool sequences proven
 * in two or more of them and this project.
 */
export function projectAggregates(projectId: number, db: Db = getDb()): ProjectAggregates {
  const s = prepared(db);
  const project = s.projectById.get(projectId) as { id: number; slug: string } | undefined;
  if (!project) throw new Error(`no project with id ${projectId}`);
  const domainRows = s.domains.all(projectId) as Row[];
  const toolRows = s.tools.all(projectId) as Row[];
  const domainTotals = new Map(domainRows.map((row) => [String(row.domain), momentsOf(row, momentName.all)]));
  const domains: DomainAggregate[] = domainRows.map((row) => ({
    domain: String(row.domain),
    success: momentsOf(row, momentName.all),
    failed: profileOf(row, "failed"),
    succeeded: profileOf(row, "succeeded"),
  }));
  const sources = eligibleSources(eligibilityInput(projectId, db));
  const sharedPatterns: SharedPattern[] =
    sources.length === 0
      ? []
      : (s.sharedPatterns.all(JSON.stringify([projectId, ...sources])) as Array<{ sequence: string; slugs: string; count: number; weighted: number }>).map((r) => ({
          sequence: r.sequence,
          projects: r.slugs.split("\u001f").sort(),
          count: r.count,
          avgSuccess: r.count > 0 ? r.weighted / r.count : 0,
        }));
  return {
    project: project.slug,
    sessions: domains.reduce((n, d) => n + d.success.n, 0),
    comparisons: comparisons(domainRows, toolRows, domainTotals),
    domains,
    sharedPatterns,
    sourceRules: sources.length === 0 ? [] : (s.sourceRules.all(JSON.stringify(sources)) as SourceRule[]),
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
