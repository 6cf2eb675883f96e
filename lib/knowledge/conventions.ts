import { mineCheckScripts } from "./check-scripts";
import type { ConventionItem, ConventionTopic, KnowledgeSession } from "./contract";
import { mineCoverage } from "./coverage";
import { mineDocumented } from "./documented";
import { mineEnvironment } from "./environment";
import { mineGitWorkflow } from "./git-workflow";
import { mineProjectLayout } from "./project-layout";

/**
 * How the project works, from what its sessions did consistently rather than from what anyone said: its git workflow
 * (lib/knowledge/git-workflow.ts), the files it rests on (lib/knowledge/project-layout.ts), its environment
 * (lib/knowledge/environment.ts), and what its checks say in their own output: the coverage its tests report
 * (lib/knowledge/coverage.ts) and, without a test runner, the scripts named as tests (lib/knowledge/check-scripts.ts); last, what its docs document and no session ran
 * (lib/knowledge/documented.ts). Ordered by what costs the next agent most to get wrong.
 */

const IMPORTANCE: readonly ConventionTopic[] = [
  "activation",
  "outside-environment",
  "commit-style",
  "base-branch",
  "pre-commit",
  "check-scripts",
  "coverage",
  "push",
  "worktrees",
  "test-update",
  "test-location",
  "environment",
  "branch-naming",
  "runtime",
  "main-file",
  "orientation",
  "documented",
];

/** `hotSpots`: files the hot spots already name, so no other item names them again as the file work changes. */
export function mineConventions(
  sessions: readonly KnowledgeSession[],
  hotSpots: ReadonlySet<string>,
): ConventionItem[] {
  const items = [
    ...mineEnvironment(sessions),
    ...mineGitWorkflow(sessions),
    ...mineProjectLayout(sessions, hotSpots),
    ...mineCoverage(sessions),
    ...mineCheckScripts(sessions),
    ...mineDocumented(sessions),
  ];
  const rank = (item: ConventionItem) => IMPORTANCE.indexOf(item.fact.topic);
  return items.sort((a, b) => rank(a) - rank(b) || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}
