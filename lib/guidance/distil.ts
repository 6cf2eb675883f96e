import type { ProjectAggregates } from "@/lib/guidance/aggregates";
import { distilChecklists } from "@/lib/guidance/checklists";
import type { GuidanceContent, RuleTest } from "@/lib/guidance/contract";
import { distilCrossProject } from "@/lib/guidance/cross-project";
import { distilLessons } from "@/lib/guidance/lessons";
import { distilRules } from "@/lib/guidance/rules";
import { isSafeName } from "@/lib/guidance/safe-name";
import { distilStrengths } from "@/lib/guidance/strengths";
import type { KnowledgeItem } from "@/lib/knowledge/contract";

/**
 * Everything distilled for one project from its aggregates: pure and deterministic (the same aggregates give
 * deep-equal content). Order: rules supported first then by strength of evidence then key; lessons by
 * strength then key; checklists weakest domain first; strengths strongest first; cross-project patterns as queried, then other projects' rules held by the most projects first.
 * `knowledge` is this project's own (lib/server/knowledge.ts), kept in the order mined; `tests` each rule's randomised
 * verdict in the project's running experiment (lib/server/rule-tests.ts), carried by the rule it tested.
 */
export function distil(
  aggregates: ProjectAggregates,
  knowledge: readonly KnowledgeItem[] = [],
  tests: ReadonlyMap<string, RuleTest> = new Map(),
): GuidanceContent {
  const rules = distilRules(aggregates.comparisons, tests);
  // Domain names come from uploads; only plain identifiers are named in lessons, checklists and strengths.
  const domains = aggregates.domains.filter((d) => isSafeName(d.domain));
  const lessons = distilLessons(domains);
  return {
    project: aggregates.project,
    sessions: aggregates.sessions,
    knowledge: [...knowledge],
    rules,
    lessons,
    checklists: distilChecklists(domains, lessons),
    crossProject: distilCrossProject(aggregates.sharedPatterns, aggregates.sourceRules, rules),
    strengths: distilStrengths(domains),
    pinned: aggregates.pinned,
  };
}
