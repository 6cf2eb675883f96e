import type { PinnedMemory } from "./contract";
/**
 * Plain data the distillation passes work from, read from trigger-kept stats in db/queries/aggregates.ts (rows of
 * sessions are loaded only for a small group's lesson). Every group is given as moments (n, Σx, Σx²), so means,
 * standard deviations, Welch intervals and the rules' cell regressions follow without the sessions themselves.
 */
import type { RuleSource } from "@/lib/guidance/contract";
import type { Moments } from "@/lib/learn/stats";

export type { Moments } from "@/lib/learn/stats";

/** Thresholds that define each rule source's two groups (docs/statistics.md#rules-the-adjusted-difference), documented once here. */
export const THRESHOLDS = {
  /** Verification is compared among sessions that modified at least this many files. */
  verificationMinFiles: 2,
  /** Read before edit: ratio = 1 (every edited file read first) vs < 1 (at least one blind edit). */
  readBeforeEditFull: 1,
  /** Delegation is compared among sessions of at least this many operations. */
  delegationMinOps: 20,
  /** A session "uses" a tool when it called it at least this often. */
  toolMinUses: 5,
  shortMaxOps: 15,
  marathonMinOps: 51,
  focusedMaxFiles: 5,
  scatteredMinFiles: 11,
  /** Lessons compare a domain's failed (score ≤) and successful (score ≥) sessions. */
  failedMaxScore: 0.5,
  succeededMinScore: 0.7,
  checklistBelow: 0.7,
  strengthAtLeast: 0.8,
  strengthMinSessions: 10,
  /** Cross-project items: at most this many proven tool sequences, and this many other projects' supported rules. */
  crossProjectMaxPatterns: 20,
  crossProjectMaxRules: 10,
} as const;

/** A rule's difference adjusted for domain and the other behaviours (lib/guidance/adjusted.ts): a regression coefficient. */
export interface AdjustedDifference {
  estimate: number;
  /** Heteroscedasticity-consistent (HC3) standard error. */
  se: number;
  /** Residual degrees of freedom. */
  df: number;
  /** What the estimate holds constant, in words: "domain", "session length", "focus", … */
  adjustedFor: string[];
}

/** The score a rule is judged on: the success score, or (for rules about running the build or tests) the score without its verification signals. */
export type RuleOutcome = "success" | "unverified";

/** One rule's two groups (sessions with the behaviour and comparable sessions without it) and its adjusted difference. */
export interface Comparison {
  /** Rule key: "verification", "tool-preference:testing:Bash", "tool-preference:Bash" (pooled over domains), ... */
  key: string;
  source: RuleSource;
  domain: string | null;
  /** The tool, for tool-preference. */
  tool: string | null;
  outcome: RuleOutcome;
  /** Moments of the outcome in each group, as observed. */
  with: Moments;
  without: Moments;
  /** null when the difference cannot be separated from domain and the other behaviours (no residual df, or collinear). */
  adjusted: AdjustedDifference | null;
}

/** A project's sessions of one domain and behaviour stratum (lib/guidance/strata.ts): moments of both outcomes. */
export interface StratumCell {
  domain: string;
  stratum: number;
  score: Moments;
  unverified: Moments;
}

/** The sessions of a stratum cell that used `tool` (≥ toolMinUses calls). */
export interface ToolStratumCell extends StratumCell {
  tool: string;
}

/** One session's measures, for the lessons' permutation test. */
export interface SessionMeasures {
  ops: number;
  files: number;
  shell: number;
}

/** Moments of three session measures in one outcome group of a domain. */
export interface GroupProfile {
  n: number;
  ops: Moments;
  files: Moments;
  /** Per-session share of operations that were shell (Bash) calls, 0..1 (sessions with 0 ops count 0). */
  shellShare: Moments;
}

export interface DomainAggregate {
  domain: string;
  /** Success of all the domain's sessions. */
  success: Moments;
  failed: GroupProfile;
  succeeded: GroupProfile;
  /** Each session's measures, read only when a group is too small for Welch's interval (lib/guidance/lessons.ts). */
  samples?: { failed: SessionMeasures[]; succeeded: SessionMeasures[] };
}

/** A tool sequence categorised "pattern" (validated) in two or more of the projects guidance may draw on. */
export interface SharedPattern {
  sequence: string;
  /** Project slugs, sorted. */
  projects: string[];
  /** Uses summed over those projects. */
  count: number;
  /** Use-weighted mean success over those projects. */
  avgSuccess: number;
}

/**
 * A rule supported, or tested by randomisation and found to help, in the latest guidance generation of a project whose
 * lessons may reach this one (lib/guidance/eligibility.ts).
 */
export interface SourceRule {
  project: string;
  key: string;
  /** The rule was tested by randomisation in that project and found to help (lib/experiment/rule-effects.ts). */
  testedHelps?: boolean;
}

export interface ProjectAggregates {
  project: string;
  sessions: number;
  comparisons: Comparison[];
  domains: DomainAggregate[];
  /** Tool sequences proven in two or more of this project and its sources. */
  sharedPatterns: SharedPattern[];
  /** Rules supported in the eligible source projects, by key then project. */
  sourceRules: SourceRule[];
  pinned: PinnedMemory[];
}
