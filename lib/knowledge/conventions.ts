import type { ConventionItem, ConventionTopic, KnowledgeSession } from "./contract";
import { mineEnvironment } from "./environment";
import { mineGitWorkflow } from "./git-workflow";
import { mineProjectLayout } from "./project-layout";

/**
 * How the project works, from what its sessions did consistently rather than from what anyone said: its git workflow
 * (lib/knowledge/git-workflow.ts), the files it rests on (lib/knowledge/project-layout.ts) and its environment
 * (lib/knowledge/environment.ts). Ordered by what costs the next agent most to get wrong.
 */

const IMPORTANCE: readonly ConventionTopic[] = [
  "activation",
  "outside-environment",
  "commit-style",
  "base-branch",
  "pre-commit",
  "push",
  "worktrees",
  "test-update",
  "test-location",
  "environment",
  "branch-naming",
  "runtime",
  "main-file",
  "orientation",
];

/** `hotSpots`: files the hot spots already name, so no other item names them again as the file work changes. */
export function mineConventions(sessions: readonly KnowledgeSession[], hotSpots: ReadonlySet<string>): ConventionItem[] {
  const items = [...mineEnvironment(sessions), ...mineGitWorkflow(sessions), ...mineProjectLayout(sessions, hotSpots)];
  const rank = (item: ConventionItem) => IMPORTANCE.indexOf(item.fact.topic);
  return items.sort((a, b) => rank(a) - rank(b) || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}
