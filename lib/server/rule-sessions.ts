import "server-only";

/** The sessions behind a rule, as its page lists them. */
export { ruleSessions, type RuleSessionItem } from "@/db/queries/rule-sessions";
