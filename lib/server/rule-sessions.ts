import "server-only";
import type { Db } from "@/db/client";
import { ruleSessions as sessionsOfRule, type RuleSide, type RuleSessionItem } from "@/db/queries/rule-sessions";
import { GROUPS } from "./guidance-groups";

export type { RuleSessionItem } from "@/db/queries/rule-sessions";

/** The sessions on one side of a rule, as its page lists them: the groups guidance's thresholds make (`GROUPS`). */
export function ruleSessions(
  db: Db,
  projectId: number,
  key: string,
  which: RuleSide,
  limit = 20,
): Promise<{ items: RuleSessionItem[]; total: number } | null> {
  return sessionsOfRule(db, GROUPS, projectId, key, which, limit);
}
