import "server-only";
import { getDb, type Db } from "@/db/client";
import { ruleSessions as sessionsOfRule, type RuleSide, type RuleSessionItem } from "@/db/queries/rule-sessions";
import { GROUPS } from "./guidance-groups";

export type { RuleSessionItem } from "@/db/queries/rule-sessions";

/** The sessions on one side of a rule, as its page lists them: the groups guidance's thresholds make (`GROUPS`). */
export function ruleSessions(
  projectId: number,
  key: string,
  which: RuleSide,
  limit = 20,
  db: Db = getDb(),
): Promise<{ items: RuleSessionItem[]; total: number } | null> {
  return sessionsOfRule(GROUPS, projectId, key, which, limit, db);
}
