import type { PinnedMemory } from "./contract";
/**
 * Plain data the distillation passes work from, computed by SQL in db/queries/aggregates.ts (no rows are
 * loaded). Every group is given as moments (n, Σx, Σx²) of the success score, so means, standard deviations
 * and Welch intervals follow without the sessions themselves.
 */
import type { RuleSource } from "@/lib/guidance/contract";
import type { Moments } from "@/lib/learn/stats";

export type { Moments } from "@/lib/learn/stats";

/** Thresholds that define each rule source's two groups (DESIGN §1.5), documented once here. */
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
  strengthMinSessions: 3,
  /** Cross-project memories at or above this confidence. */
  crossProjectMinConfidence: 0.8,
  crossProjectMaxMemories: 5,
} as const;

/** One rule source's two groups: sessions with the behaviour and comparable sessions without it. */
export interface Comparison {
  /** Rule key: "verification", "tool-preference:testing:Bash", ... */
  key: string;
  source: RuleSource;
  domain: string | null;
  /** The tool, for tool-preference. */
  tool: string | null;
  with: Moments;
  without: Moments;
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
}

/** A tool sequence categorised "pattern" (validated) in two or more projects. */
export interface SharedPattern {
  sequence: string;
  /** Project slugs, sorted. */
  projects: string[];
  /** Uses summed over those projects. */
  count: number;
  /** Use-weighted mean success over those projects. */
  avgSuccess: number;
}

/** A high-confidence lesson or pattern memory of another project. */
export interface ForeignMemory {
  id: number;
  project: string;
  category: string;
  content: string;
  confidence: number;
}

export interface ProjectAggregates {
  project: string;
  sessions: number;
  comparisons: Comparison[];
  domains: DomainAggregate[];
  sharedPatterns: SharedPattern[];
  foreignMemories: ForeignMemory[];
  pinned: PinnedMemory[];
}
