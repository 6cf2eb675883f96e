import "server-only";
import type { Db } from "@/db/client";
import { keptAggregates, outcomeSamples, pinnedMemories, sharedPatterns, sourceRules } from "@/db/queries/aggregates";
import { eligibilityInput } from "@/db/queries/project-shares";
import { ruleComparisons } from "@/lib/guidance/adjusted";
import { THRESHOLDS, type Comparison, type DomainAggregate, type ProjectAggregates } from "@/lib/guidance/aggregates";
import { eligibleSources } from "@/lib/guidance/eligibility";
import { WELCH_MIN_GROUP } from "@/lib/guidance/lessons";
import { ruleCells } from "@/lib/guidance/rule-cells";
import { LastComputed } from "@/lib/last-computed";
import { MIN_GROUP } from "@/lib/learn/stats";
import { GROUPS } from "./guidance-groups";

/**
 * The rule comparisons per database and project, with the cells they were computed from (as JSON): they fit a
 * regression per rule and per tool and domain (about 25 ms at 100,000 sessions, at every guidance read), from cells
 * that change only when sessions do, so they are computed again only when the cells differ.
 */
const compared = new LastComputed<Db, Comparison[]>();

/** Whether a domain's outcome groups are too small for Welch's interval, though both reach MIN_GROUP: lessons then run a permutation test on its sessions. */
function needsSamples(d: DomainAggregate): boolean {
  const small = Math.min(d.failed.n, d.succeeded.n);
  return small >= MIN_GROUP && small < WELCH_MIN_GROUP;
}

/**
 * Aggregates of one project (by id), read from what the stats triggers keep (db/queries/aggregates.ts), with what
 * the projects whose validated lessons may reach its guidance (lib/guidance/eligibility.ts) hold: the rules their
 * latest guidance supports, and the tool sequences proven in two or more of them and this project. The rules are
 * fitted on every session but those that got guidance in a running experiment (lib/guidance/rule-cells.ts).
 */
export async function projectAggregates(db: Db, projectId: number): Promise<ProjectAggregates> {
  const aggregates = await keptAggregates(db, GROUPS, projectId);
  const domains: DomainAggregate[] = [];
  for (const d of aggregates.domains)
    domains.push(needsSamples(d) ? { ...d, samples: await outcomeSamples(db, GROUPS, projectId, d.domain) } : d);
  const { cells, tools } = ruleCells(aggregates.kept, aggregates.guided);
  const sources = eligibleSources(await eligibilityInput(db, projectId));
  return {
    project: aggregates.project,
    sessions: domains.reduce((n, d) => n + d.success.n, 0),
    comparisons: await compared.get(db, projectId, JSON.stringify([cells, tools]), () => ruleComparisons(cells, tools)),
    domains,
    sharedPatterns:
      sources.length === 0
        ? []
        : await sharedPatterns(db, [projectId, ...sources], THRESHOLDS.crossProjectMaxPatterns * 5),
    sourceRules: sources.length === 0 ? [] : await sourceRules(db, sources),
    pinned: await pinnedMemories(db, projectId),
  };
}
