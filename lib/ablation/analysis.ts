/**
 * What an ablation found: completion per arm with Wilson intervals, the guidance-minus-none difference paired over
 * tasks (each task is its own control for how hard it is) and pooled over runs, what the runs cost, and whether
 * the agent did what each measured rule asks more often when it was given the rule; completion by McNemar's exact
 * test over paired runs and tokens, cost, steps and duration paired over tasks (lib/ablation/paired.ts). The statistics are described
 * in docs/ablation.md#the-analysis.
 */
import { ABLATION_ARMS, isCounted, isJudged, type AblationArm, type AblationRun } from "@/lib/ablation/contract";
import {
  mcnemar,
  pairedMeasure,
  PAIRED_MEASURES,
  PLANNED_COMPLETION_EFFECT,
  PLANNING_DISCORDANT,
  tasksNeeded,
  type McNemar,
  type PairedMeasureDifference,
} from "@/lib/ablation/paired";
import { ruleAdherence } from "@/lib/experiment/adherence";
import type { RuleAdherence } from "@/lib/experiment/contract";
import { mulberry32 } from "@/lib/random";
import { moments, newcombeInterval, summarize, tQuantile, wilsonInterval, type Interval } from "@/lib/learn/stats";

export interface ArmResult {
  arm: AblationArm;
  runs: number;
  /** Verified runs the check judged (done or not done): what the completion rate and every mean are over. */
  judged: number;
  /** Runs the check judged that came without a transcript matching them: left out of every figure. */
  unverified: number;
  completed: number;
  /** completed / judged with a Wilson 95% interval; null when nothing was judged. */
  completion: Interval | null;
  setupFailed: number;
  checkErrors: number;
  /** Runs whose agent was stopped at the time limit (the check still judged what it left). */
  agentTimeouts: number;
  /** Judged runs whose transcript was found: what the per-run means below are over. */
  withTranscript: number;
  meanToolErrors: number | null;
  meanOperations: number | null;
  meanDurationMs: number | null;
  /** All judged runs' tokens (or USD) over the completed ones: what one completed task costs, failures included. */
  tokensPerCompleted: number | null;
  costPerCompleted: number | null;
  /** Judged runs with a price (every model they used is priced). */
  priced: number;
}

export interface TaskResult {
  task: string;
  arms: Partial<Record<AblationArm, { judged: number; completed: number; rate: number | null }>>;
  /** Guidance rate minus none rate; null unless both arms have a judged run. */
  difference: number | null;
}

export interface PairedDifference {
  /** Tasks with a judged run in both arms. */
  tasks: number;
  mean: number;
  /** Student's t 95% interval over the tasks' differences (df = tasks − 1), cut to [−1, 1]. */
  low: number;
  high: number;
  /** Two-sided sign-flip permutation p-value (exact up to 16 tasks). */
  pValue: number;
}

/**
 * Which way the paired interval points: "more" or "fewer" completed with guidance when it excludes zero and
 * McNemar's exact test on the paired runs rejects no difference (p < 0.05); "not significant" when the interval
 * excludes zero but the exact test does not; "none" when the interval includes zero; null when there is nothing to
 * compare, or when the interval has no width away from zero (every task differed by the same amount, which says
 * nothing of how sure that is).
 */
export type AblationVerdict = "more" | "fewer" | "not significant" | "none" | null;

/** How many tasks a difference of the planned size needs (lib/ablation/paired.ts tasksNeeded). */
export interface AblationPlanning {
  effect: number;
  /** Share of pairs that disagree: observed with 10 pairs or more, else the planning value. */
  discordant: number;
  observed: boolean;
  tasksNeeded: number | null;
}

export interface AblationAnalysis {
  /** Runs judged and verified: what the figures are over. */
  verified: number;
  /** Runs judged without a transcript matching them, left out (docs/ablation.md#verified-runs). */
  unverified: number;
  verdict: AblationVerdict;
  arms: ArmResult[];
  tasks: TaskResult[];
  /** Null with fewer than two tasks judged in both arms. */
  paired: PairedDifference | null;
  /** Guidance minus none over all judged runs, Newcombe 95% interval; null unless both arms were judged. */
  pooled: Interval | null;
  adherence: RuleAdherence[];
  /** Completion over the (task, run) pairs, McNemar's exact test. */
  mcnemar: McNemar;
  /** Tokens, cost, steps and duration paired over tasks (guidance minus control); absent where fewer than two tasks have them. */
  measures: PairedMeasureDifference[];
  /** Tasks guidance made worse: completed less often with it than without. */
  worse: string[];
  planning: AblationPlanning;
  caveats: string[];
}

/** Pairs from which the discordant share is read rather than assumed. */
const MIN_PAIRS_FOR_SHARE = 10;

function planningOf(m: McNemar): AblationPlanning {
  const observed = m.pairs >= MIN_PAIRS_FOR_SHARE && m.guidanceOnly + m.noneOnly > 0;
  const discordant = observed ? (m.guidanceOnly + m.noneOnly) / m.pairs : PLANNING_DISCORDANT;
  return {
    effect: PLANNED_COMPLETION_EFFECT,
    discordant,
    observed,
    tasksNeeded: tasksNeeded(PLANNED_COMPLETION_EFFECT, discordant),
  };
}

const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);
const meanOf = (xs: readonly (number | null)[]) => {
  const known = xs.filter((x): x is number => x !== null);
  return known.length > 0 ? sum(known) / known.length : null;
};

function armResult(arm: AblationArm, runs: readonly AblationRun[]): ArmResult {
  const judged = runs.filter(isCounted);
  const completed = judged.filter((r) => r.status === "completed").length;
  const traced = judged.filter((r) => r.operations !== null);
  const priced = judged.filter((r) => r.costUsd !== null);
  const tokened = judged.filter((r) => r.tokens !== null);
  return {
    arm,
    runs: runs.length,
    judged: judged.length,
    unverified: runs.filter((r) => isJudged(r.status) && !r.verified).length,
    completed,
    completion: judged.length > 0 ? wilsonInterval(completed, judged.length) : null,
    setupFailed: runs.filter((r) => r.status === "setup_failed").length,
    checkErrors: runs.filter((r) => r.status === "check_error").length,
    agentTimeouts: runs.filter((r) => r.agentTimedOut).length,
    withTranscript: traced.length,
    meanToolErrors: meanOf(traced.map((r) => r.toolErrors)),
    meanOperations: meanOf(traced.map((r) => r.operations)),
    meanDurationMs: meanOf(judged.map((r) => r.durationMs)),
    tokensPerCompleted: completed > 0 && tokened.length > 0 ? sum(tokened.map((r) => r.tokens!)) / completed : null,
    costPerCompleted: completed > 0 && priced.length > 0 ? sum(priced.map((r) => r.costUsd!)) / completed : null,
    priced: priced.length,
  };
}

function taskResults(runs: readonly AblationRun[]): TaskResult[] {
  const names = [...new Set(runs.map((r) => r.task))].sort();
  return names.map((task) => {
    const arms: TaskResult["arms"] = {};
    for (const arm of ABLATION_ARMS) {
      const judged = runs.filter((r) => r.task === task && r.arm === arm && isCounted(r));
      if (!runs.some((r) => r.task === task && r.arm === arm)) continue;
      const completed = judged.filter((r) => r.status === "completed").length;
      arms[arm] = { judged: judged.length, completed, rate: judged.length > 0 ? completed / judged.length : null };
    }
    const g = arms.guidance?.rate;
    const n = arms.none?.rate;
    return { task, arms, difference: g != null && n != null ? g - n : null };
  });
}

/**
 * P(|mean of randomly signed differences| ≥ |observed mean|): under no effect each task's difference is as likely
 * to have either sign. Every sign pattern up to 16 tasks, else 20,000 seeded draws.
 */
export function signFlipPValue(differences: readonly number[], seed = 1): number {
  const n = differences.length;
  const observed = Math.abs(sum(differences));
  const tolerance = 1e-9 * Math.max(1, observed);
  const exceeds = (signs: (i: number) => number) =>
    Math.abs(sum(differences.map((d, i) => signs(i) * d))) >= observed - tolerance;
  if (n <= 16) {
    let atLeast = 0;
    for (let mask = 0; mask < 2 ** n; mask++) if (exceeds((i) => ((mask >> i) & 1 ? -1 : 1))) atLeast++;
    return atLeast / 2 ** n;
  }
  const next = mulberry32(seed);
  const rounds = 20_000;
  let atLeast = 0;
  for (let r = 0; r < rounds; r++) if (exceeds(() => (next() < 0.5 ? -1 : 1))) atLeast++;
  return (atLeast + 1) / (rounds + 1);
}

export function pairedDifference(differences: readonly number[]): PairedDifference | null {
  if (differences.length < 2) return null;
  const s = summarize(moments(differences));
  const half = tQuantile(0.975, s.n - 1) * (s.sd / Math.sqrt(s.n));
  // A difference of two rates lies in [−1, 1]; the t interval, symmetric, can reach past it with few tasks.
  return {
    tasks: s.n,
    mean: s.mean,
    low: Math.max(-1, s.mean - half),
    high: Math.min(1, s.mean + half),
    pValue: signFlipPValue(differences),
  };
}

function caveats(
  arms: readonly ArmResult[],
  tasks: readonly TaskResult[],
  paired: PairedDifference | null,
  m: McNemar,
  verdict: AblationVerdict,
  planning: AblationPlanning,
): string[] {
  const out: string[] = [];
  if (verdict === "not significant") {
    out.push(
      `The interval over tasks excludes zero, but McNemar's exact test on the ${m.pairs} paired runs does not (p = ${m.pValue.toFixed(3)}; ${m.guidanceOnly} pairs completed only with guidance, ${m.noneOnly} only without): no directional verdict.`,
    );
  }
  if (planning.tasksNeeded !== null && m.pairs < planning.tasksNeeded) {
    out.push(
      `To detect a ${Math.round(planning.effect * 100)}-point difference in completion with 80% power when ${Math.round(planning.discordant * 100)}% of pairs disagree${planning.observed ? "" : " (assumed)"}, about ${planning.tasksNeeded} paired tasks are needed; this ablation has ${m.pairs} pairs.`,
    );
  }
  const compared = tasks.filter((t) => t.difference !== null);
  if (compared.length < 5)
    out.push(
      `Only ${compared.length} task${compared.length === 1 ? "" : "s"} ran in both arms: the interval over tasks is wide, and says little about tasks unlike these.`,
    );
  if (paired !== null && paired.low === paired.high && paired.mean !== 0) {
    out.push(
      "Every task differed between the arms by the same amount, so the interval over tasks has no width: it says nothing of how sure the difference is, and no verdict is drawn from it.",
    );
  }
  const unverified = sum(arms.map((a) => a.unverified));
  if (unverified > 0) {
    out.push(
      `${unverified} judged run${unverified === 1 ? "" : "s"} came without a transcript matching the run and ${unverified === 1 ? "is" : "are"} left out of every figure as unverified.`,
    );
  }
  const unjudged = sum(arms.map((a) => a.setupFailed + a.checkErrors));
  if (unjudged > 0)
    out.push(
      `${unjudged} run${unjudged === 1 ? "" : "s"} could not be judged (a setup or check that failed) and are left out of the rates.`,
    );
  const judged = sum(arms.map((a) => a.judged));
  const traced = sum(arms.map((a) => a.withTranscript));
  if (traced < judged)
    out.push(`Tool errors and operations are over the ${traced} of ${judged} judged runs whose transcript was found.`);
  return out;
}

function verdictOf(paired: PairedDifference | null, m: McNemar): AblationVerdict {
  if (paired === null) return null;
  if (paired.low === paired.high) return paired.mean === 0 ? "none" : null;
  if (paired.low <= 0 && paired.high >= 0) return "none";
  if (m.pValue >= 0.05) return "not significant";
  return paired.low > 0 ? "more" : "fewer";
}

/** The analysis of one ablation's runs; `rules` are the measured rule keys in the guidance the guidance arm got. */
export function analyseAblation(runs: readonly AblationRun[], rules: readonly string[]): AblationAnalysis {
  const arms = ABLATION_ARMS.filter((arm) => runs.some((r) => r.arm === arm)).map((arm) =>
    armResult(
      arm,
      runs.filter((r) => r.arm === arm),
    ),
  );
  const tasks = taskResults(runs);
  const paired = pairedDifference(tasks.flatMap((t) => (t.difference === null ? [] : [t.difference])));
  const g = arms.find((a) => a.arm === "guidance");
  const n = arms.find((a) => a.arm === "none");
  const pooled =
    g && n && g.judged > 0 && n.judged > 0 ? newcombeInterval(g.completed, g.judged, n.completed, n.judged) : null;
  const observed = (arm: AblationArm) =>
    runs
      .filter((r) => r.arm === arm && isCounted(r) && r.features !== null)
      .map((r) => ({ rules, outcome: { features: r.features! } }));
  const adherence = ruleAdherence(new Set(rules), observed("guidance"), observed("none"));
  const m = mcnemar(runs);
  const verdict = verdictOf(paired, m);
  const planning = planningOf(m);
  return {
    verified: sum(arms.map((a) => a.judged)),
    unverified: sum(arms.map((a) => a.unverified)),
    verdict,
    arms,
    tasks,
    paired,
    pooled,
    adherence,
    mcnemar: m,
    measures: PAIRED_MEASURES.flatMap((measure) => pairedMeasure(runs, measure) ?? []),
    worse: tasks.filter((t) => t.difference !== null && t.difference < 0).map((t) => t.task),
    planning,
    caveats: caveats(arms, tasks, paired, m, verdict, planning),
  };
}
