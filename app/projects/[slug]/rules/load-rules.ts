import "server-only";
import { cache } from "react";
import type { RuleSessionItem as RuleSession } from "@/lib/server/rule-sessions";
import type { GenerationDiff, HistoryPoint, RuleEntry } from "@/app/_components/rules/types";
import { getProjectBySlug } from "@/lib/server/projects";
import { ruleSessions } from "@/lib/server/rule-sessions";
import { defaultBudget } from "@/lib/guidance/budget";
import type { GuidanceContent } from "@/lib/guidance/contract";
import type { GuidanceDiff } from "@/lib/guidance/lifecycle";
import { MIN_GROUP } from "@/lib/learn/stats";
import type { RuleView } from "@/lib/guidance/contract";
import { currentGuidance, listRules, renderedGuidance } from "@/lib/server/guidance";
import { getDb } from "@/lib/server/database";

/**
 * Adapters from lib/server/guidance.ts to what the rules and guidance pages show, read once per request.
 * Reading guidance brings it up to date (a new generation is stored when the data changed), as the API does.
 */

export { MIN_GROUP };

function toDiff(diff: GuidanceDiff): GenerationDiff {
  return {
    previous: diff.previousGeneration,
    added: diff.added.map((r) => r.key),
    removed: diff.removed.map((r) => r.key),
    changed: diff.changed.map((r) => r.key),
  };
}

function toEntry(view: RuleView): RuleEntry {
  return {
    rule: {
      key: view.key,
      source: view.source,
      domain: view.domain,
      instruction: view.instruction,
      evidenceLine: view.evidenceLine,
      evidence: view.evidence,
      ...(view.test ? { test: view.test } : {}),
    },
    status: view.status,
    retiredAt: view.retired?.at ?? null,
    retiredReason: view.retired?.reason ?? null,
    streak: view.supportedStreak,
    adrHref: view.adrPath,
  };
}

function toHistory(view: RuleView): HistoryPoint[] {
  return view.history.map((h) => ({
    generation: h.generation,
    createdAt: h.createdAt,
    support: h.support === "absent" ? null : h.support,
    difference: h.evidence?.difference ?? null,
    low: h.evidence?.low ?? null,
    high: h.evidence?.high ?? null,
    withN: h.evidence?.with.n ?? null,
    withoutN: h.evidence?.without.n ?? null,
  }));
}

const listing = cache((slug: string) => listRules(getDb(), slug));
const guidance = cache((slug: string) => currentGuidance(getDb(), slug));

export interface RulesView {
  generation: number;
  createdAt: number;
  content: GuidanceContent;
  entries: RuleEntry[];
  diff: GenerationDiff;
  promoteAfter: number;
  minGroup: number;
}

/** The project's rules with their lifecycle status and the rest of its distilled guidance; null for no project. */
export const loadRules = cache(async (slug: string): Promise<RulesView | null> => {
  const current = await guidance(slug);
  const rules = await listing(slug);
  if (!current || !rules) return null;
  return {
    generation: current.generation,
    createdAt: current.createdAt,
    content: current.content,
    entries: rules.rules.map(toEntry),
    diff: toDiff(current.diff),
    promoteAfter: rules.promoteAfter,
    minGroup: MIN_GROUP,
  };
});

export interface RuleDetailView {
  entry: RuleEntry;
  history: HistoryPoint[];
  promoteAfter: number;
}

/** One rule (current or retired) with its history over generations; null when the project has no such rule. */
export const loadRule = cache(async (slug: string, key: string): Promise<RuleDetailView | null> => {
  const rules = await listing(slug);
  const view = rules?.rules.find((r) => r.key === key);
  if (!rules || !view) return null;
  return { entry: toEntry(view), history: toHistory(view), promoteAfter: rules.promoteAfter };
});

export interface RuleSides {
  with: { items: RuleSession[]; total: number };
  without: { items: RuleSession[]; total: number };
}

/** Up to `limit` sessions on each side of the rule's comparison, most recent first; null for an unknown rule. */
export const loadRuleSessions = cache(async (slug: string, key: string, limit: number): Promise<RuleSides | null> => {
  const project = await getProjectBySlug(getDb(), slug);
  if (!project) return null;
  const withIt = await ruleSessions(getDb(), project.id, key, "with", limit);
  const without = await ruleSessions(getDb(), project.id, key, "without", limit);
  return withIt && without ? { with: withIt, without } : null;
});

export interface GuidanceView {
  generation: number;
  createdAt: number;
  diff: GenerationDiff;
  markdown: string;
}

/** The current guidance as the markdown export renders it (same default budget), with its generation and changes. */
export const loadGuidance = cache(async (slug: string): Promise<GuidanceView | null> => {
  const current = await guidance(slug);
  const rendered = await renderedGuidance(getDb(), slug, "markdown", defaultBudget("markdown"));
  if (!current || !rendered) return null;
  return {
    generation: current.generation,
    createdAt: current.createdAt,
    diff: toDiff(current.diff),
    markdown: rendered.text,
  };
});
