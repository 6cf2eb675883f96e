import "server-only";
import { createHash } from "node:crypto";
import type { Db } from "@/db/client";
import { projectAggregates } from "./project-aggregates";
import { guidanceVersion, ruleHistoryByGeneration } from "@/db/queries/guidance";
import { getProjectBySlug } from "@/db/queries/projects";
import { readConfig } from "@/lib/config";
import { renderAdr } from "@/lib/guidance/adr";
import {
  RULE_SOURCES,
  type GuidanceBudget,
  type GuidanceContent,
  type GuidanceFormat,
  type RuleHistoryPoint,
  type RuleSource,
  type RuleStatus,
  type RuleView,
} from "@/lib/guidance/contract";
import { distil } from "@/lib/guidance/distil";
import {
  diffRules,
  ruleLifecycles,
  type GenerationRules,
  type GuidanceDiff,
  type RuleLifecycle,
} from "@/lib/guidance/lifecycle";
import { canonicalMarkdown, renderGuidance, type RenderOptions } from "@/lib/guidance/render";
import { guidanceNotes } from "@/lib/knowledge/agent-notes";
import { guidanceKnowledge, projectAgentNotes } from "./knowledge";
import { gatedContent } from "./review-gate";
import { projectRuleTests } from "./rule-tests";
import { storeGuidanceForRead } from "./store-guidance";

export interface CurrentGuidance {
  project: string;
  projectId: number;
  /** The generation `content` is stored as (1, 2, …); advances only when the content hash changes. */
  generation: number;
  /** sha256 (hex) of the canonical markdown. */
  contentHash: string;
  /** Epoch ms the generation was first stored. */
  createdAt: number;
  content: GuidanceContent;
  /** Rules added, removed and changed since the previous generation (all added for the first). */
  diff: GuidanceDiff;
  /** Whether this call stored a new generation. */
  stored: boolean;
}

export function contentHash(content: GuidanceContent): string {
  return createHash("sha256").update(canonicalMarkdown(content)).digest("hex");
}

/**
 * The project's guidance now: loads its aggregates, distils them, and stores a new generation (with the rules
 * it holds) when the content hash differs from the latest — so generations advance only when the data changes.
 * Null when there is no such project.
 */
export async function currentGuidance(db: Db, slug: string): Promise<CurrentGuidance | null> {
  const project = await getProjectBySlug(db, slug);
  if (!project) return null;
  const knowledge = await guidanceKnowledge(db, project.id, project.slug);
  // Each rule's randomised verdict in the running experiment: a rule tested to hurt leaves what agents get.
  const distilled = distil(await projectAggregates(db, project.id), knowledge, await projectRuleTests(db, project.id));
  // What agents noted for themselves, where it adds to what sessions say (docs/agent-memory.md).
  const notes = guidanceNotes(await projectAgentNotes(db, project.id), knowledge);
  const content = notes.length > 0 ? { ...distilled, agentNotes: notes } : distilled;
  const hash = contentHash(content);
  const { current, previous, stored } = await storeGuidanceForRead(db, project.id, content, hash);
  return {
    project: project.slug,
    projectId: project.id,
    generation: current.generation,
    contentHash: current.contentHash,
    createdAt: current.createdAt,
    content: current.content,
    diff: diffRules(previous, current.content),
    stored,
  };
}

export interface RenderedGuidance {
  text: string;
  contentHash: string;
  generation: number;
}

/**
 * What agents get of `currentGuidance`: all of it, or with review on only the accepted versions
 * (docs/trust-model.md#review), whose hash is then the ETag. Null when there is no such project.
 */
export async function servedGuidance(
  db: Db,
  slug: string,
): Promise<{ content: GuidanceContent; contentHash: string; generation: number } | null> {
  const guidance = await currentGuidance(db, slug);
  if (!guidance) return null;
  const gated = await gatedContent(db, guidance.projectId, guidance.content);
  const hash = gated.review ? contentHash(gated.content) : guidance.contentHash;
  return { content: gated.content, contentHash: hash, generation: guidance.generation };
}

/** `servedGuidance` rendered in one format within a budget; null when there is no such project. */
export async function renderedGuidance(
  db: Db,
  slug: string,
  format: GuidanceFormat,
  budget: GuidanceBudget,
  options: RenderOptions = {},
): Promise<RenderedGuidance | null> {
  const served = await servedGuidance(db, slug);
  if (!served) return null;
  return {
    text: renderGuidance(served.content, format, budget, options),
    contentHash: served.contentHash,
    generation: served.generation,
  };
}

export interface RulesListing {
  project: string;
  generation: number;
  contentHash: string;
  promoteAfter: number;
  /** Current rules (promoted, supported, provisional) first, strongest evidence first; then retired ones, latest retirement first. */
  rules: RuleView[];
}

const STATUS_ORDER: Record<RuleStatus, number> = { promoted: 0, supported: 1, provisional: 2, retired: 3 };

function sourceOf(key: string): RuleSource | null {
  const head = key.split(":")[0] ?? "";
  return (RULE_SOURCES as readonly string[]).includes(head) ? (head as RuleSource) : null;
}

function historyOf(key: string, generations: GenerationRules[], from: number): RuleHistoryPoint[] {
  return generations
    .filter((g) => g.generation >= from)
    .map((g) => {
      const rule = g.rules.find((r) => r.key === key);
      return {
        generation: g.generation,
        createdAt: g.createdAt,
        support: rule?.support ?? "absent",
        evidenceLine: rule?.evidenceLine ?? null,
        evidence: rule?.evidence ?? null,
      };
    });
}

const adrPath = (slug: string, key: string) =>
  `/api/v1/projects/${encodeURIComponent(slug)}/rules/${encodeURIComponent(key)}/adr`;

/**
 * Every rule of the project with its full evidence, lifecycle status and history over generations (brings the
 * guidance up to date first, as `currentGuidance`). Null when there is no such project.
 */
export async function listRules(db: Db, slug: string): Promise<RulesListing | null> {
  const guidance = await currentGuidance(db, slug);
  if (!guidance) return null;
  const project = (await getProjectBySlug(db, slug))!;
  const promoteAfter = readConfig().promoteAfter;
  const generations = await ruleHistoryByGeneration(db, project.id);
  const current = new Map(guidance.content.rules.map((r) => [r.key, r]));
  const retiredContent = new Map<number, GuidanceContent | null>();
  const rules: RuleView[] = [];
  for (const life of ruleLifecycles(generations, promoteAfter)) {
    let rule = current.get(life.key);
    if (!rule) {
      const seen = [...generations].reverse().find((g) => g.rules.some((r) => r.key === life.key))!.generation;
      if (!retiredContent.has(seen))
        retiredContent.set(seen, (await guidanceVersion(db, project.id, seen))?.content ?? null);
      rule = retiredContent.get(seen)?.rules.find((r) => r.key === life.key);
    }
    rules.push({
      key: life.key,
      source: rule?.source ?? sourceOf(life.key),
      domain: rule?.domain ?? null,
      instruction: life.latest.instruction,
      evidenceLine: life.latest.evidenceLine,
      evidence: life.latest.evidence,
      status: life.status,
      ...(rule?.test ? { test: rule.test } : {}),
      supportedStreak: life.supportedStreak,
      firstGeneration: life.firstGeneration,
      retired: life.retired,
      adrPath: life.status === "promoted" ? adrPath(project.slug, life.key) : null,
      history: historyOf(life.key, generations, life.firstGeneration),
    });
  }
  const strength = (r: RuleView) => r.evidence.with.n + r.evidence.without.n;
  rules.sort(
    (a, b) =>
      STATUS_ORDER[a.status] - STATUS_ORDER[b.status] ||
      (a.status === "retired" ? (b.retired?.at ?? 0) - (a.retired?.at ?? 0) : strength(b) - strength(a)) ||
      (a.key < b.key ? -1 : a.key > b.key ? 1 : 0),
  );
  return {
    project: project.slug,
    generation: guidance.generation,
    contentHash: guidance.contentHash,
    promoteAfter,
    rules,
  };
}

/** The architecture decision record (markdown) of a promoted rule; null when the project or a promoted rule with this key does not exist. */
export async function ruleAdr(db: Db, slug: string, key: string): Promise<string | null> {
  const guidance = await currentGuidance(db, slug);
  if (!guidance) return null;
  const project = (await getProjectBySlug(db, slug))!;
  const promoteAfter = readConfig().promoteAfter;
  const generations = await ruleHistoryByGeneration(db, project.id);
  const life: RuleLifecycle | undefined = ruleLifecycles(generations, promoteAfter).find((r) => r.key === key);
  if (!life || life.status !== "promoted") return null;
  // Promoted in the generation where its streak reached the threshold.
  const promotedIndex = generations.length - life.supportedStreak + promoteAfter - 1;
  const promotedAt = generations[promotedIndex]?.createdAt ?? guidance.createdAt;
  // The history keeps each generation's evidence; what the experiment found of the rule is the current guidance's.
  const test = guidance.content.rules.find((r) => r.key === key)?.test;
  return renderAdr({
    project: project.slug,
    rule: test ? { ...life, latest: { ...life.latest, test } } : life,
    promotedAt,
    promoteAfter,
  });
}
