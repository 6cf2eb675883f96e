import "server-only";
import { createHash } from "node:crypto";
import { z } from "zod";
import { transaction, type Db } from "@/db/client";
import {
  enrolledSessions as enrolledRecords,
  ensureOpenPeriod,
  failureMemories,
  notEnrolledCount,
  openPeriod,
  recordDelivery,
  startPeriod,
  type ExperimentPeriod,
} from "@/db/queries/experiments";
import { guidanceVersion } from "@/db/queries/guidance";
import { getProjectBySlug } from "@/db/queries/projects";
import { toolCallNoteDraws } from "@/db/queries/tool-call-notes";
import type { Project } from "@/db/schema";
import { analyseExperiment } from "@/lib/experiment/analysis";
import { correctionCount } from "@/lib/experiment/corrections";
import { failureSignatures, knownFailureOf, signatureCounts, type KnownFailure } from "@/lib/experiment/known-mistakes";
import { assignArm, leftOutFor, newSalt } from "@/lib/experiment/arm";
import type { Arm, EnrolledSession, ExperimentReport, ExperimentSettings } from "@/lib/experiment/contract";
import { approxTokens } from "@/lib/experiment/savings";
import { canonicalMarkdown } from "@/lib/guidance/render";
import { keepsItsPlace } from "@/lib/guidance/rule-status";
import { experimentCsv } from "@/lib/experiment/csv";
import { experimentMarkdown } from "@/lib/experiment/report";
import { itemSignatures } from "@/lib/experiment/note-effects";
import { factorialSessions, ruleEffects, type RuleEffectsReport } from "@/lib/experiment/rule-effects";
import { currentGuidance } from "@/lib/server/guidance";
import { guidanceKnowledge } from "@/lib/server/knowledge";

/**
 * The period's enrolled sessions (db/queries/experiments.ts), each outcome with the corrections read from its prompts
 * and the signatures of its failed operations (lib/experiment).
 */
async function enrolledSessions(db: Db, experimentId: number): Promise<EnrolledSession[]> {
  return (await enrolledRecords(db, experimentId)).map(({ outcome, ...session }) => {
    if (!outcome) return { ...session, outcome: null };
    const { prompts, failedOutputs, ...kept } = outcome;
    return {
      ...session,
      outcome: {
        ...kept,
        corrections: correctionCount(prompts),
        failureSignatures: failureSignatures(failedOutputs),
        failureCounts: signatureCounts(failedOutputs),
      },
    };
  });
}

/** The project's known shell failures: its failure knowledge memories, each known from its creation. */
async function knownFailures(db: Db, projectId: number): Promise<KnownFailure[]> {
  return (await failureMemories(db, projectId)).flatMap((r) => knownFailureOf(r.source, r.createdAt) ?? []);
}

/** A holdout share: 0 (off), or from 5% to 50% of sessions. */
export const holdoutShareSchema = z
  .number()
  .refine((share) => share === 0 || (share >= 0.05 && share <= 0.5), "must be 0 (off) or between 0.05 and 0.5");

const settingsOf = (period: ExperimentPeriod): ExperimentSettings => ({
  holdoutShare: period.holdoutShare,
  startedAt: period.startedAt,
});

/**
 * The project's experiment as it stands. Before its first period the project behaves as holdout off since it
 * was created: exactly the period the first delivery creates.
 */
async function periodOf(
  db: Db,
  project: Project,
): Promise<{ period: ExperimentPeriod | null; settings: ExperimentSettings }> {
  const period = await openPeriod(db, project.id);
  return { period, settings: period ? settingsOf(period) : { holdoutShare: 0, startedAt: project.createdAt } };
}

/**
 * Records that a session asked for guidance and answers its arm. The first request of a session in a period
 * decides its arm, generation and rules; a retry gets the stored arm back (and counts as another request).
 * While the experiment runs (holdout share above 0), a guidance-arm session is also told each recorded rule or not
 * by the rule's own draw (lib/experiment/arm.ts ruleIncluded): `leftOut` holds the rules its guidance leaves out,
 * recomputable from the delivery (session id, the period's salt and the recorded rules), and kept with it so each rule's
 * told and not-told sessions are summed in SQL where guidance is built (lib/server/rule-tests.ts).
 */
export async function deliverGuidance(
  db: Db,
  project: Project,
  sessionId: string,
  ruleKeys: string[],
  generation: number | null,
): Promise<{ arm: Arm; leftOut: string[] }> {
  return transaction(db, async () => {
    const period = await ensureOpenPeriod(db, project.id, newSalt(), project.createdAt);
    const arm = assignArm(sessionId, period.salt, period.holdoutShare);
    const leftOut = leftOutFor(sessionId, period.salt, period.holdoutShare, arm, ruleKeys);
    const delivery = await recordDelivery(db, {
      experimentId: period.id,
      projectId: project.id,
      sessionId,
      arm,
      generation,
      rules: ruleKeys,
      leftOut,
    });
    // A retry keeps the first delivery's rules, and so its draw.
    return {
      arm: delivery.arm,
      leftOut:
        delivery.leftOut ?? leftOutFor(sessionId, period.salt, period.holdoutShare, delivery.arm, delivery.rules),
    };
  });
}

/** The keys of the rules a generation's guidance gives (provisional ones only when they are rendered; never one tested to hurt). */
export async function givenRules(
  db: Db,
  projectId: number,
  generation: number,
  includeProvisional: boolean,
): Promise<string[]> {
  const rules = (await guidanceVersion(db, projectId, generation))?.content.rules ?? [];
  return rules.filter((r) => (includeProvisional || r.support !== "provisional") && keepsItsPlace(r)).map((r) => r.key);
}

/** The open period's settings; null when there is no such project. */
export async function experimentSettings(db: Db, slug: string): Promise<ExperimentSettings | null> {
  const project = await getProjectBySlug(db, slug);
  return project ? (await periodOf(db, project)).settings : null;
}

/**
 * Sets the holdout share (see `holdoutShareSchema`; throws a ZodError otherwise). A different share ends the
 * period and starts a new one with a fresh salt; the same share changes nothing. Null when there is no such project.
 */
export async function setHoldoutShare(db: Db, slug: string, share: number): Promise<ExperimentSettings | null> {
  const holdoutShare = holdoutShareSchema.parse(share);
  const project = await getProjectBySlug(db, slug);
  if (!project) return null;
  const { settings } = await periodOf(db, project);
  if (settings.holdoutShare === holdoutShare) return settings;
  return settingsOf(await startPeriod(db, project.id, holdoutShare, newSalt(), Date.now()));
}

/** Ends the period and starts a new one with the same share and a fresh salt; null when there is no such project. */
export async function resetExperiment(db: Db, slug: string): Promise<ExperimentSettings | null> {
  const project = await getProjectBySlug(db, slug);
  if (!project) return null;
  const { settings } = await periodOf(db, project);
  return settingsOf(await startPeriod(db, project.id, settings.holdoutShare, newSalt(), Date.now()));
}

/** The open period's report; null when there is no such project. */
export async function experimentReport(db: Db, slug: string): Promise<ExperimentReport | null> {
  const project = await getProjectBySlug(db, slug);
  if (!project) return null;
  const { period, settings } = await periodOf(db, project);
  const sessions = period ? await enrolledSessions(db, period.id) : [];
  return analyseExperiment(
    settings,
    sessions,
    await notEnrolledCount(db, project.id, period?.id ?? null, settings.startedAt),
    {
      known: await knownFailures(db, project.id),
      guidanceTokens: await deliveredGuidanceTokens(db, project.id, sessions),
      notes: period ? await noteDraws(db, project, period.id) : undefined,
      now: Date.now(),
    },
  );
}

/** The period's tool-call notes due, with the signatures of the items they quote (the project's knowledge now). */
async function noteDraws(db: Db, project: Project, experimentId: number) {
  const draws = await toolCallNoteDraws(db, experimentId);
  if (draws.length === 0) return { draws, signatures: new Map<string, string[]>() };
  const knowledge = await guidanceKnowledge(db, project.id, project.slug);
  return { draws, signatures: new Map(knowledge.map((item) => [item.key, itemSignatures(item)])) };
}

/** Approximate tokens of the latest guidance generation delivered in the period; null when none was. */
async function deliveredGuidanceTokens(
  db: Db,
  projectId: number,
  sessions: readonly EnrolledSession[],
): Promise<number | null> {
  const generations = sessions.flatMap((s) => (s.arm === "guidance" && s.generation !== null ? [s.generation] : []));
  if (generations.length === 0) return null;
  const version = await guidanceVersion(db, projectId, Math.max(...generations));
  return version ? approxTokens(canonicalMarkdown(version.content)) : null;
}

/** The open period's enrolled sessions as CSV (header only before any); null when there is no such project. */
export async function experimentSessionsCsv(db: Db, slug: string): Promise<string | null> {
  const project = await getProjectBySlug(db, slug);
  if (!project) return null;
  const { period } = await periodOf(db, project);
  return experimentCsv(period ? await enrolledSessions(db, period.id) : []);
}

/** A short tag of the rules a session's guidance left out, for its ETag: the same set gives the same tag. */
export function leftOutTag(leftOut: readonly string[]): string {
  return createHash("sha256")
    .update([...leftOut].sort().join("\n"))
    .digest("hex")
    .slice(0, 12);
}

/**
 * Each rule's randomised effect in the open period (lib/experiment/rule-effects.ts), over the rules the period's
 * deliveries recorded, with each rule's current wording; null when there is no such project. Empty while the holdout
 * is off: the factorial draw runs only while the experiment does.
 */
export async function ruleEffectsReport(db: Db, slug: string): Promise<RuleEffectsReport | null> {
  const project = await getProjectBySlug(db, slug);
  if (!project) return null;
  const { period } = await periodOf(db, project);
  if (!period || period.holdoutShare === 0) return { effects: [], running: false };
  const sessions = await enrolledSessions(db, period.id);
  const keys = [...new Set(sessions.flatMap((s) => s.rules))].sort();
  const wording = new Map(((await currentGuidance(db, slug))?.content.rules ?? []).map((r) => [r.key, r.instruction]));
  return {
    effects: ruleEffects(factorialSessions(sessions, period.salt), keys).map((e) => ({
      ...e,
      instruction: wording.get(e.key) ?? null,
    })),
    running: true,
  };
}

/**
 * The open period's report in markdown, to publish as it is (lib/experiment/report.ts): the same report and rule
 * effects the Experiment page shows, in the same words. Null when there is no such project.
 */
export async function experimentMarkdownReport(db: Db, slug: string): Promise<string | null> {
  const project = await getProjectBySlug(db, slug);
  const report = await experimentReport(db, slug);
  const rules = await ruleEffectsReport(db, slug);
  if (!project || !report || !rules) return null;
  return experimentMarkdown({ project: project.name, slug: project.slug, generatedAt: Date.now() }, report, rules);
}
