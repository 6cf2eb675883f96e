import type { AgentNote } from "@/lib/knowledge/agent-notes";
import type { KnowledgeItem } from "@/lib/knowledge/contract";

/**
 * Guidance: what the distillation passes (lib/guidance/*.ts over aggregates from db/queries/aggregates.ts)
 * produce, what rendering and versioning store, and what the pages show. Rates are 0..1; intervals are 95%.
 */

/** The six sources of behavioural rules (docs/architecture.md#guidance-passes). */
export const RULE_SOURCES = [
  "verification",
  "read-before-edit",
  "delegation",
  "tool-preference",
  "session-length",
  "focus",
] as const;
export type RuleSource = (typeof RULE_SOURCES)[number];

/** supported: the corrected interval excludes zero in the rule's direction; provisional: only the plain 95% interval does. */
export type Support = "supported" | "provisional";
/** Lifecycle across guidance generations. */
export type RuleStatus = Support | "promoted" | "retired";

export interface Group {
  /** Sessions in the group. */
  n: number;
  /** Mean success score of the group. */
  mean: number;
  /** Sample standard deviation of the success scores (for Welch). */
  sd: number;
}

export interface Evidence {
  /** Sessions that showed the behaviour. */
  with: Group;
  /** Comparable sessions that did not. */
  without: Group;
  /** with.mean − without.mean */
  difference: number;
  /** 95% interval of the difference: Welch's ("welch"), or the regression's adjusted for domain and the other behaviours ("adjusted", lib/guidance/adjusted.ts). */
  low: number;
  high: number;
  method: "welch" | "adjusted";
  /** For an adjusted difference: its (HC3) standard error and residual degrees of freedom. */
  se?: number;
  df?: number;
  /** What an adjusted difference holds constant: "domain", "session length", … */
  adjustedFor?: string[];
  /** The score compared: the success score (also when absent), or the score without its verification signals. */
  outcome?: "success" | "unverified";
  /** Unadjusted difference with.mean − without.mean, shown beside the adjusted one (absent in generations stored before it was kept). */
  raw?: number;
}

/** A rule's verdict from the randomised experiment (lib/experiment/rule-effects.ts). */
export type RuleVerdict = "helps" | "no effect shown" | "hurts";

/** A rule's randomised test: told vs not told among the experiment's guidance sessions. */
export interface RuleTest {
  verdict: RuleVerdict;
  /** Told − not told mean success, and its 95% interval. */
  effect: number;
  low: number;
  high: number;
  told: number;
  notTold: number;
}

export interface Rule {
  /** Stable across generations, e.g. "verification", "tool-preference:testing:Bash". */
  key: string;
  source: RuleSource;
  /** Work domain the rule is about, when it is domain-specific. */
  domain: string | null;
  /** An instruction an LLM can follow: "Run the tests after changing several files." */
  instruction: string;
  /** "18 vs 12 sessions, 96% vs 71% success, +25 pp, 95% CI +14…+36" */
  evidenceLine: string;
  evidence: Evidence;
  support: Support;
  /** The rule's randomised test, once the experiment has given a verdict; absent: observed, not yet tested. */
  test?: RuleTest;
}

export interface Lesson {
  key: string;
  domain: string;
  /** "In testing work, failed sessions ran 2.3× as many operations as successful ones (58 vs 25): …" */
  text: string;
  /** Failed and successful sessions of the domain compared. */
  failed: number;
  succeeded: number;
}

export interface Checklist {
  domain: string;
  /** Domain average success, below 0.70. */
  mean: number;
  n: number;
  items: string[];
  /** How many of the first items are Starlight's standing items for the kind of work, not learned from the data (absent in generations stored before it was kept). */
  standing?: number;
}

export interface Strength {
  domain: string;
  mean: number;
  n: number;
  text: string;
}

/**
 * What other projects taught, only from projects whose lessons may reach this one (lib/guidance/eligibility.ts)
 * and only in Starlight's own words: never text a person wrote or an upload carried.
 */
export interface CrossProjectItem {
  key: string;
  /** "pattern" (a tool sequence proven in ≥ 2 of the projects) or "rule" (a rule supported in other projects). */
  kind: "pattern" | "rule";
  text: string;
  projects: string[];
}

/** A memory a person pinned: it never decays and always reaches guidance (dropped last by the budget), as a quote. */
export interface PinnedMemory {
  id: number;
  category: string;
  content: string;
  /** Who pinned it, or last rewrote it while pinned; null when unknown (absent in generations stored before it was kept). */
  pinnedBy?: string | null;
}

/** Everything distilled for one project, before rendering. Deterministic for the same data. */
export interface GuidanceContent {
  project: string;
  /**
   * What this project's own sessions teach (lib/knowledge), only items whose memory is kept and not pinned (a
   * pinned one is quoted among `pinned`); absent in generations stored before knowledge was mined.
   */
  knowledge?: KnowledgeItem[];
  /**
   * What agents wrote in their own memory files that sessions do not already say, not stale nor withheld, quoted
   * (lib/knowledge/agent-notes.ts `guidanceNotes`); absent when there is none.
   */
  agentNotes?: AgentNote[];
  /** Sessions the guidance was distilled from. */
  sessions: number;
  rules: Rule[];
  lessons: Lesson[];
  checklists: Checklist[];
  crossProject: CrossProjectItem[];
  strengths: Strength[];
  /** Pinned memories of this project and global ones, oldest first. */
  pinned: PinnedMemory[];
}

export const GUIDANCE_FORMATS = [
  "markdown",
  "claude-md",
  "cursor",
  "windsurf",
  "agents-md",
  "claude-rules",
  "hook-json",
] as const;
export type GuidanceFormat = (typeof GUIDANCE_FORMATS)[number];

export interface GuidanceBudget {
  maxLines: number;
  maxChars: number;
}

/** One generation of a rule's history, as the rules page and API show it. */
export interface RuleHistoryPoint {
  generation: number;
  createdAt: number;
  /** Absent: the generation did not hold the rule. */
  support: Support | "absent";
  evidenceLine: string | null;
  evidence: Evidence | null;
}

export interface RuleView {
  key: string;
  source: RuleSource | null;
  domain: string | null;
  instruction: string;
  evidenceLine: string;
  evidence: Evidence;
  status: RuleStatus;
  /** Its randomised test, when the experiment has given a verdict; absent: observed, not yet tested. */
  test?: RuleTest;
  /** Consecutive generations, ending now, in which the data supported the rule. */
  supportedStreak: number;
  firstGeneration: number;
  retired: { generation: number; at: number; reason: string } | null;
  /** The API path of the rule's architecture decision record, when it is promoted. */
  adrPath: string | null;
  /** One point per generation since the rule first appeared, oldest first. */
  history: RuleHistoryPoint[];
}
