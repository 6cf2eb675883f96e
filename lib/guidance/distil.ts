import type { ProjectAggregates } from "@/lib/guidance/aggregates";
import { distilChecklists } from "@/lib/guidance/checklists";
import type { GuidanceContent } from "@/lib/guidance/contract";
import { distilCrossProject } from "@/lib/guidance/cross-project";
import { distilLessons } from "@/lib/guidance/lessons";
import { distilRules } from "@/lib/guidance/rules";
import { distilStrengths } from "@/lib/guidance/strengths";

/**
 * Everything distilled for one project from its aggregates: pure and deterministic (the same aggregates give
 * deep-equal content). Order: rules supported first then by strength of evidence then key; lessons by
 * strength then key; checklists weakest domain first; strengths strongest first; cross-project as queried.
 */
export function distil(aggregates: ProjectAggregates): GuidanceContent {
  const rules = distilRules(aggregates.comparisons);
  const lessons = distilLessons(aggregates.domains);
  return {
    project: aggregates.project,
    sessions: aggregates.sessions,
    rules,
    lessons,
    checklists: distilChecklists(aggregates.domains, lessons, rules),
    crossProject: distilCrossProject(aggregates.sharedPatterns, aggregates.foreignMemories),
    strengths: distilStrengths(aggregates.domains),
    pinned: aggregates.pinned,
  };
}
