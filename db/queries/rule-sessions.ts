import "server-only";
import { isPostgres, type Db } from "@/db/client";
import { statement } from "@/db/engine/statement";
import { POSTGRES } from "@/db/engine/sql-dialect";
import { RULE_GROUPS, type GuidanceGroups } from "./guidance-groups";

export type RuleSide = "with" | "without";

export interface RuleSessionItem {
  id: number;
  externalId: string;
  task: string | null;
  domain: string;
  startedAt: number;
  successScore: number;
}

const TOOL_USES = `coalesce(json_extract(tool_breakdown, '$."' || replace(?, '"', '""') || '"'), 0)`;

/**
 * Whether a session used the tool (one `?`): its count in tool_breakdown makes a use (GuidanceGroups.toolUsedBy). On
 * PostgreSQL through the json_each spelling and the condition the stats triggers count tool use by (db/stats-triggers.ts).
 */
const toolUsedOn = (g: GuidanceGroups) => ({
  sqlite: { with: g.toolUsedBy(TOOL_USES), without: `NOT (${g.toolUsedBy(TOOL_USES)})` },
  postgresql: {
    with: `EXISTS (SELECT 1 FROM ${POSTGRES.jsonEach("tool_breakdown", "j")} WHERE j.key = ? AND ${g.TOOL_USED})`,
    without: `NOT EXISTS (SELECT 1 FROM ${POSTGRES.jsonEach("tool_breakdown", "j")} WHERE j.key = ? AND ${g.TOOL_USED})`,
  },
});

/** The SQL condition and parameters of one side of a rule, or null for a key that names no rule. */
function side(
  g: GuidanceGroups,
  key: string,
  which: RuleSide,
  postgres: boolean,
): { where: string; params: unknown[] } | null {
  const groups = RULE_GROUPS[key as keyof typeof RULE_GROUPS];
  if (groups) return { where: g.SCORE_GROUPS[groups[which === "with" ? 0 : 1]], params: [] };
  const match = /^tool-preference:(?:([^:]+):)?([^:]+)$/.exec(key);
  if (!match) return null;
  const [, domain, tool] = match;
  const uses = toolUsedOn(g)[postgres ? "postgresql" : "sqlite"][which];
  // A rule pooled over domains ("tool-preference:<tool>") lists its sessions in every domain.
  return domain === undefined
    ? { where: uses, params: [tool] }
    : { where: `domain = ? AND ${uses}`, params: [domain, tool] };
}

/**
 * The sessions on one side of a rule (the same conditions its aggregates use, `groups`), most recent first; null
 * when the key names no rule source.
 */
export async function ruleSessions(
  db: Db,
  groups: GuidanceGroups,
  projectId: number,
  key: string,
  which: RuleSide,
  limit = 20,
): Promise<{ items: RuleSessionItem[]; total: number } | null> {
  const condition = side(groups, key, which, isPostgres(db));
  if (!condition) return null;
  const from = `FROM sessions WHERE project_id = ? AND ${condition.where}`;
  const params = [projectId, ...condition.params];
  const items = await statement<RuleSessionItem>(
    `SELECT id, external_id AS "externalId", task, domain, started_at AS "startedAt", success_score AS "successScore" ${from}
       ORDER BY started_at DESC, id DESC LIMIT ?`,
  ).all(db, ...params, limit);
  const { total } = (await statement<{ total: number }>(`SELECT count(*) AS total ${from}`).get(db, ...params))!;
  return { items, total };
}
