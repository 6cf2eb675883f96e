/**
 * An ablation as a markdown report that can be published as it is: what was run, completion per arm and per task,
 * the paired difference, efficiency, adherence to each rule, and the runs that could not be judged.
 */
import type { AblationAnalysis, ArmResult } from "@/lib/ablation/analysis";
import type { AblationArm, ProcessEnd, RunReport } from "@/lib/ablation/contract";
import { MEASURE_LABELS, type PairedMeasure, type PairedMeasureDifference } from "@/lib/ablation/paired";
import type { Interval } from "@/lib/learn/stats";
import { formatDifference, formatPercent, formatPoints } from "@/lib/format";
import { literalCode, literalText } from "@/lib/markdown/literal";

export interface AblationMeta {
  id: number;
  project: string;
  suite: string;
  agent: string;
  /** The guidance generation the guidance arm got. */
  generation: number;
  runs: number;
  seed: number;
  createdAt: number;
}

export interface ProblemRun {
  task: string;
  arm: AblationArm;
  run: number;
  what: string;
}

const ended = (what: string, end: ProcessEnd) =>
  end.timedOut
    ? `${what} stopped at its time limit after ${Math.round(end.durationMs / 1000)} s`
    : end.signal
      ? `${what} was killed by ${end.signal}`
      : `${what} exited ${end.exitCode}`;

/** What went wrong in a run, in words; null when nothing did (the agent may still have failed the task). */
export function runProblem(run: Pick<RunReport, "status" | "setup" | "agent" | "check">): string | null {
  const parts: string[] = [];
  if (run.status === "setup_failed")
    parts.push(run.setup ? `the setup failed: ${ended("it", run.setup)}` : "the setup failed");
  if (run.agent && (run.agent.timedOut || run.agent.signal || (run.agent.exitCode ?? 0) !== 0))
    parts.push(ended("the agent", run.agent));
  if (run.status === "check_error")
    parts.push(
      run.check
        ? `the check could not judge: ${ended("it", run.check)} (0 is done, 1 is not done)`
        : "the check did not run",
    );
  return parts.length > 0 ? parts.join("; ") : null;
}

const ARM_NAMES: Record<AblationArm, string> = { guidance: "with guidance", none: "without (control)" };

const VERDICTS = {
  more: "with guidance the agent completed more of these tasks; the 95% interval over tasks is above zero.",
  fewer: "with guidance the agent completed fewer of these tasks; the 95% interval over tasks is below zero.",
  none: "no difference shown; the 95% interval over tasks includes zero.",
  "not significant":
    "none: the interval over tasks excludes zero, but McNemar's exact test on the paired runs does not reject no difference.",
  flat: "none: every task differed by the same amount, so the interval over tasks has no width and says nothing of how sure that is.",
} as const;

const interval = (i: Interval) =>
  `${formatPercent(i.estimate)} (95% CI ${formatPercent(i.low)}–${formatPercent(i.high)})`;
const differenceText = (d: { estimate: number; low: number; high: number }) =>
  formatDifference(d.estimate, d.low, d.high);
const num = (x: number | null, digits = 1) =>
  x === null ? "—" : x.toLocaleString("en", { minimumFractionDigits: digits, maximumFractionDigits: digits });
const usd = (x: number | null) => (x === null ? "—" : `$${x.toFixed(x < 1 ? 4 : 2)}`);

function armRow(a: ArmResult): string {
  const completion = a.completion ? interval(a.completion) : "—";
  const seconds = a.meanDurationMs === null ? "—" : (a.meanDurationMs / 1000).toFixed(1);
  return `| ${ARM_NAMES[a.arm]} | ${a.completed}/${a.judged} | ${completion} | ${num(a.meanToolErrors)} | ${num(a.meanOperations)} | ${seconds} | ${num(a.tokensPerCompleted, 0)} | ${usd(a.costPerCompleted)} |`;
}

const MEASURE_DIGITS: Record<PairedMeasure, number> = { tokens: 0, costUsd: 4, operations: 1, durationMs: 0 };

function measureRow(d: PairedMeasureDifference): string {
  const digits = MEASURE_DIGITS[d.measure];
  const signed = (x: number) => `${x >= 0 ? "+" : "−"}${num(Math.abs(x), digits)}`;
  const relative = d.control > 0 ? `${signed((d.mean / d.control) * 100).replace(/\.\d+$/, "")}%` : "—";
  return `| ${MEASURE_LABELS[d.measure]} | ${d.tasks} | ${num(d.control, digits)} | ${signed(d.mean)} | ${signed(d.low)} … ${signed(d.high)} | ${relative} |`;
}

export function ablationMarkdown(
  meta: AblationMeta,
  analysis: AblationAnalysis,
  problems: readonly ProblemRun[],
): string {
  const lines: string[] = [];
  lines.push(`# Ablation ${meta.id}: ${literalText(meta.project)}, guidance generation ${meta.generation}`);
  lines.push("");
  lines.push(
    `Suite ${literalCode(meta.suite)}, ${analysis.tasks.length} task${analysis.tasks.length === 1 ? "" : "s"}, ${meta.runs} run${meta.runs === 1 ? "" : "s"} per task and arm, arms interleaved in a random order (seed ${meta.seed}).`,
  );
  lines.push(
    `Agent: ${literalCode(meta.agent)}. Guidance tested: generation ${meta.generation}. Started ${new Date(meta.createdAt).toISOString()}.`,
  );
  lines.push("");
  lines.push(
    "A run is completed when the task's check command exits 0 in the agent's working copy after the agent has finished.",
  );
  lines.push(
    `Every figure is over the ${analysis.verified} verified run${analysis.verified === 1 ? "" : "s"}: judged, with the agent's transcript stored and matching the run. ${analysis.unverified} judged run${analysis.unverified === 1 ? " was" : "s were"} left out as unverified.`,
  );
  lines.push("");
  lines.push("## Completion");
  lines.push("");
  lines.push(
    "| arm | completed | rate | tool errors / run | operations / run | seconds / run | tokens / completed task | cost / completed task |",
  );
  lines.push("| --- | ---: | --- | ---: | ---: | ---: | ---: | ---: |");
  for (const a of analysis.arms) lines.push(armRow(a));
  lines.push("");
  if (analysis.paired) {
    const p = analysis.paired;
    lines.push(
      `**Difference, paired over ${p.tasks} tasks** (guidance minus control, per task): ${differenceText({ estimate: p.mean, low: p.low, high: p.high })}, sign-flip p = ${p.pValue.toFixed(3)}.`,
    );
  }
  if (analysis.pooled)
    lines.push(`**Difference over all judged runs:** ${differenceText(analysis.pooled)} (Newcombe).`);
  const m = analysis.mcnemar;
  if (m.pairs > 0) {
    lines.push(
      `**McNemar's exact test over ${m.pairs} paired runs** (task and run number): ${m.guidanceOnly} completed only with guidance, ${m.noneOnly} only without, p = ${m.pValue.toFixed(3)}.`,
    );
  }
  if (analysis.paired) lines.push(`**Verdict:** ${VERDICTS[analysis.verdict ?? "flat"]}`);
  if (analysis.paired || analysis.pooled || m.pairs > 0) lines.push("");
  const plan = analysis.planning;
  if (plan.tasksNeeded !== null) {
    lines.push(
      `**Tasks needed:** about ${plan.tasksNeeded} paired tasks to detect a ${Math.round(plan.effect * 100)}-point difference in completion with 80% power (α = 0.05) when ${Math.round(plan.discordant * 100)}% of pairs disagree (${plan.observed ? "as observed here" : "assumed; too few pairs to read it"}); this ablation has ${m.pairs} pairs.`,
    );
    lines.push("");
  }
  if (analysis.measures.length > 0) {
    lines.push("## Tokens, cost, steps and time, paired over tasks");
    lines.push("");
    lines.push(
      "Each task's mean with guidance minus its mean without, averaged over the tasks, with a Student's t 95% interval; read off each run's transcript.",
    );
    lines.push("");
    lines.push("| measure | tasks | without (mean) | difference | 95% CI | relative |");
    lines.push("| --- | ---: | ---: | ---: | --- | ---: |");
    for (const d of analysis.measures) lines.push(measureRow(d));
    lines.push("");
  }
  lines.push("## Tasks guidance made worse");
  lines.push("");
  lines.push(
    analysis.worse.length === 0
      ? "None: no task was completed less often with guidance than without."
      : analysis.worse.map((t) => `- ${literalText(t)}`).join("\n"),
  );
  lines.push("");
  lines.push("## Per task");
  lines.push("");
  lines.push("| task | with guidance | without | difference |");
  lines.push("| --- | ---: | ---: | ---: |");
  for (const t of analysis.tasks) {
    const side = (arm: AblationArm) => {
      const s = t.arms[arm];
      return s ? `${s.completed}/${s.judged}` : "—";
    };
    lines.push(
      `| ${literalText(t.task)} | ${side("guidance")} | ${side("none")} | ${t.difference === null ? "—" : formatPoints(t.difference)} |`,
    );
  }
  lines.push("");
  if (analysis.adherence.length > 0) {
    lines.push("## Did the agent do what the guidance asks?");
    lines.push("");
    lines.push("| rule | behaviour | with guidance | without | difference |");
    lines.push("| --- | --- | ---: | ---: | ---: |");
    for (const r of analysis.adherence) {
      const rate = (x: { eligible: number; followed: number }) =>
        x.eligible === 0 ? "—" : `${x.followed}/${x.eligible}`;
      const diff = r.difference === null ? "—" : differenceText({ estimate: r.difference, low: r.low!, high: r.high! });
      lines.push(
        `| ${literalText(r.key)} | ${literalText(r.behaviour)} | ${rate(r.given)} | ${rate(r.holdout)} | ${diff} |`,
      );
    }
    lines.push("");
  }
  if (problems.length > 0) {
    lines.push("## Runs with problems");
    lines.push("");
    for (const p of problems)
      lines.push(`- ${literalText(p.task)}, ${ARM_NAMES[p.arm]}, run ${p.run}: ${literalText(p.what)}`);
    lines.push("");
  }
  if (analysis.caveats.length > 0) {
    lines.push("## Caveats");
    lines.push("");
    for (const c of analysis.caveats) lines.push(`- ${c}`);
    lines.push("");
  }
  lines.push(
    "Made by Starlight's `starlight ablate`: rates with Wilson 95% intervals; the paired difference is the mean of the per-task differences with a Student's t interval; a direction is claimed only when that interval excludes zero and McNemar's exact test on the paired runs gives p < 0.05; tokens and cost per completed task count every judged run's spend.",
  );
  return `${lines.join("\n")}\n`;
}
