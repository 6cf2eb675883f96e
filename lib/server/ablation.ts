import "server-only";
import type { Db } from "@/db/client";
import {
  insertAblation,
  projectAblation,
  projectAblations,
  runsOf,
  upsertRun,
  type AblationRow,
  type AblationRunRow,
} from "@/db/queries/ablations";
import type { Project } from "@/db/schema";
import { analyseAblation, type AblationAnalysis } from "@/lib/ablation/analysis";
import type { NewAblation, RunReport } from "@/lib/ablation/contract";
import { ablationMarkdown, runProblem, type AblationMeta, type ProblemRun } from "@/lib/ablation/report";
import { ablationSession, analysedRun, runSession } from "@/lib/ablation/session";
import { byGeneration, type GenerationResult } from "@/lib/ablation/generations";
import { verifiedRuns } from "@/lib/ablation/verified";
import { TimeSlicer } from "@/lib/cooperate";
import { ApiError, notFound } from "@/lib/api-error";
import { budgetOf } from "@/lib/guidance/query";
import type { GuidanceFormat } from "@/lib/guidance/contract";
import { parseFileSteps } from "@/lib/ingest/parse-file";
import { redactDeep, redactSecrets } from "@/lib/redact";
import type { NamedFile } from "@/lib/ingest/named-file";
import { givenRules } from "@/lib/server/experiment";
import { renderedGuidance } from "@/lib/server/guidance";

export interface StartedAblation {
  id: number;
  generation: number;
  /** The guidance the guidance arm gets, in the format asked for. */
  guidance: string;
  /** The ablation's page. */
  page: string;
}

const ablationPage = (slug: string, id: number) => `/projects/${encodeURIComponent(slug)}/ablations/${id}`;

/**
 * Records a new ablation of the project's current guidance, and answers that guidance for the guidance arm. What the
 * command line sent (suite, agent command, task and arm names) is stored redacted, as an upload is.
 */
export async function startAblation(
  db: Db,
  project: Project,
  sent: NewAblation & { format: GuidanceFormat },
  createdBy: string,
): Promise<StartedAblation> {
  const input = redactDeep(sent);
  const rendered = await renderedGuidance(db, project.slug, input.format, budgetOf({ format: input.format }), {});
  if (!rendered) throw notFound(`Project "${project.slug}"`);
  const rules = await givenRules(db, project.id, rendered.generation, false);
  const row = await insertAblation(db, {
    projectId: project.id,
    suite: input.suite,
    agent: input.agent,
    tasks: input.tasks,
    arms: input.arms,
    runs: input.runs,
    seed: input.seed,
    generation: rendered.generation,
    rules,
    guidanceHash: rendered.contentHash,
    createdBy,
  });
  return {
    id: row.id,
    generation: rendered.generation,
    guidance: rendered.text,
    page: ablationPage(project.slug, row.id),
  };
}

async function ablationOf(db: Db, project: Project, id: number): Promise<AblationRow> {
  const row = await projectAblation(db, project.id, id);
  if (!row) throw notFound(`Ablation ${id} of project "${project.slug}"`);
  return row;
}

/**
 * Stores one run as the command line reported it (redacted), with the session read from its transcript files (parsed
 * and redacted as an upload is). A run outside the ablation's plan is refused, naming the field.
 */
export async function reportRun(
  db: Db,
  project: Project,
  id: number,
  sent: RunReport,
  files: readonly NamedFile[],
): Promise<void> {
  // Redacted as the ablation's tasks and arms were, so that a task named with a secret in it still matches.
  const report = redactDeep(sent);
  const ablation = await ablationOf(db, project, id);
  const outside = (field: string, message: string) =>
    new ApiError(422, "invalid_body", `run: ${field}: ${message}`, { field });
  if (!ablation.tasks.includes(report.task))
    throw outside("task", `"${report.task}" is not one of this ablation's tasks`);
  if (!ablation.arms.includes(report.arm)) throw outside("arm", `this ablation has no "${report.arm}" arm`);
  if (report.run > ablation.runs) throw outside("run", `this ablation has ${ablation.runs} runs per task and arm`);
  // Parsed in slices, as an upload is: a transcript of 100 MB would otherwise hold the server's thread for seconds.
  const slicer = new TimeSlicer();
  const parsed = [];
  for (const file of files) parsed.push(await slicer.run(parseFileSteps(await file.read(), file.name)));
  const session = runSession(parsed);
  await upsertRun(db, {
    ablationId: ablation.id,
    task: report.task,
    arm: report.arm,
    run: report.run,
    status: report.status,
    setup: report.setup,
    agent: report.agent,
    check: report.check,
    detail: report.detail,
    session: session ? ablationSession(session, redactDeep(files.map((f) => f.name))) : null,
  });
}

/** The runs as the analysis reads them, each verified against the others and the ablation's start. */
function analysed(ablation: Pick<AblationRow, "createdAt">, runs: readonly AblationRunRow[]) {
  const verified = verifiedRuns(runs, ablation.createdAt);
  return runs.map((r, i) => analysedRun({ ...r, verified: verified[i]!, agentTimedOut: r.agent?.timedOut ?? false }));
}

export interface AblationView {
  meta: AblationMeta & { tasks: string[]; arms: string[]; planned: number; rules: string[] };
  analysis: AblationAnalysis;
  runs: (Omit<AblationRunRow, "session"> & {
    problem: string | null;
    hasSession: boolean;
    verified: boolean;
    operations: number | null;
    toolErrors: number | null;
  })[];
  problems: ProblemRun[];
  /** One line for a terminal: completion per arm and the paired difference. */
  summary: string;
}

const metaOf = (project: Project, a: AblationRow) => ({
  id: a.id,
  project: project.slug,
  suite: redactSecrets(a.suite),
  agent: redactSecrets(a.agent),
  generation: a.generation,
  runs: a.runs,
  seed: a.seed,
  createdAt: a.createdAt,
  tasks: redactDeep(a.tasks),
  arms: a.arms,
  planned: a.tasks.length * a.arms.length * a.runs,
  rules: a.rules,
});

function summaryLine(analysis: AblationAnalysis): string {
  const unverified = analysis.unverified > 0 ? ` (${analysis.unverified} unverified left out)` : "";
  const arms = `${analysis.arms.map((a) => `${a.arm}: ${a.completed}/${a.judged} completed`).join(", ")}${unverified}`;
  const p = analysis.paired;
  const pp = (x: number) => `${x >= 0 ? "+" : ""}${Math.round(x * 100)}`;
  const m = analysis.mcnemar;
  const flat =
    analysis.verdict === null
      ? "; no verdict: the interval has no width"
      : analysis.verdict === "not significant"
        ? `; no verdict: McNemar's exact p = ${m.pValue.toFixed(3)}`
        : "";
  return p
    ? `${arms}; difference ${pp(p.mean)} pp (95% CI ${pp(p.low)} … ${pp(p.high)}, over ${p.tasks} tasks)${flat}`
    : arms;
}

export async function ablationView(db: Db, project: Project, id: number): Promise<AblationView> {
  const ablation = await ablationOf(db, project, id);
  // Rows stored before runs were redacted on the way in are redacted on the way out.
  const rows = redactDeep(await runsOf(db, [ablation.id]));
  const counted = analysed(ablation, rows);
  const analysis = analyseAblation(counted, ablation.rules);
  const runs = rows.map(({ session, ...r }, i) => ({
    ...r,
    problem: runProblem(r),
    hasSession: session !== null,
    verified: counted[i]!.verified,
    operations: session?.operations ?? null,
    toolErrors: session?.toolErrors ?? null,
  }));
  const problems = runs.flatMap((r) => (r.problem ? [{ task: r.task, arm: r.arm, run: r.run, what: r.problem }] : []));
  return { meta: metaOf(project, ablation), analysis, runs, problems, summary: summaryLine(analysis) };
}

export async function ablationReport(db: Db, project: Project, id: number): Promise<string> {
  const view = await ablationView(db, project, id);
  return ablationMarkdown(view.meta, view.analysis, view.problems);
}

export interface AblationsOverview {
  ablations: (ReturnType<typeof metaOf> & { reported: number; summary: string; analysis: AblationAnalysis })[];
  generations: GenerationResult[];
}

/** Every ablation of the project with its result, and the results pooled per guidance generation. */
export async function ablationsOverview(db: Db, project: Project): Promise<AblationsOverview> {
  const rows = await projectAblations(db, project.id);
  const runs = await runsOf(
    db,
    rows.map((r) => r.id),
  );
  const list = rows.map((a) => {
    const mine = runs.filter((r) => r.ablationId === a.id);
    const analysis = analyseAblation(analysed(a, mine), a.rules);
    return { ...metaOf(project, a), reported: mine.length, summary: summaryLine(analysis), analysis };
  });
  return {
    ablations: list,
    generations: byGeneration(
      rows.map((a) => ({
        generation: a.generation,
        runs: analysed(
          a,
          runs.filter((r) => r.ablationId === a.id),
        ),
      })),
    ),
  };
}
