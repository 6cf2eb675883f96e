/**
 * The guidance experiment (docs/statistics.md#the-guidance-experiment): each session that asks for guidance is randomised, by a hash of its id
 * and the project's salt, into the guidance arm or the holdout (which gets none); when its session arrives,
 * success and rule adherence are compared between the arms.
 */

import type { NoteEffectsReport } from "@/lib/experiment/note-effects";
import type { OutcomeComparison, PowerPanel, SavingsPanel } from "@/lib/experiment/outcome-contract";
import type { ModelTokens } from "@/lib/session";

export type Arm = "guidance" | "holdout";

/** The global rules whose behaviour can be read off a session's features, so adherence can be measured. */
export const MEASURED_RULES = ["read-before-edit", "verification", "delegation", "session-length", "focus"] as const;
export type MeasuredRule = (typeof MEASURED_RULES)[number];

/** The stored features adherence is read from (null: unknown for this session, e.g. ACOS has no operation order). */
export interface BehaviourFeatures {
  operationCount: number | null;
  filesModified: number | null;
  verifiedAfterEdit: boolean | null;
  readBeforeEditRatio: number | null;
  delegated: boolean | null;
}

export interface SessionOutcome {
  storedSessionId: number;
  startedAt: number;
  /** 0..1, a person's verdict included. */
  success: number;
  features: BehaviourFeatures;
  /** Its tokens per model ({} when the source counts none). */
  tokensByModel: Record<string, ModelTokens>;
  /** Outcomes beyond success (docs/measuring-the-effect.md); absent or null where the source does not say. */
  durationMs?: number | null;
  toolErrors?: number | null;
  interruptions?: number | null;
  /** The person's prompts right after a refused call or an interruption. */
  corrections?: number | null;
  /** Signatures of its failed operations' outputs (lib/experiment/known-mistakes.ts); absent when not read. */
  failureSignatures?: string[];
  /** How many of its failed operations had each signature (lib/experiment/note-effects.ts); absent when not read. */
  failureCounts?: Record<string, number>;
}

/** One enrolled session: its delivery, joined with its session once that has arrived. */
export interface EnrolledSession {
  sessionId: string;
  arm: Arm;
  deliveredAt: number;
  /** The guidance generation delivered (for the holdout: the one it would have got); null when there was none yet. */
  generation: number | null;
  /** Rule keys in that guidance: given to the guidance arm, withheld from the holdout. */
  rules: string[];
  /** Null until the session's transcript arrives. */
  outcome: SessionOutcome | null;
}

export interface ExperimentSettings {
  /** 0 = holdout off: every session that asks gets guidance (and is still recorded). */
  holdoutShare: number;
  /** When this experiment period began (changing the share or resetting starts a new one). */
  startedAt: number;
}

export interface ArmSummary {
  n: number;
  mean: number;
  sd: number;
}

/** Guidance arm minus holdout, with a Welch 95% interval and a two-sided p-value. */
export interface ArmComparison {
  guidance: ArmSummary;
  holdout: ArmSummary;
  difference: number;
  low: number;
  high: number;
  pValue: number;
}

export interface Rate {
  /** Sessions where the behaviour could be observed (e.g. verification: sessions that changed 2+ files). */
  eligible: number;
  followed: number;
  /** followed / eligible; null when nobody was eligible. */
  rate: number | null;
}

/** Did the agent do what it was told? The behaviour's rate when given the rule vs in the holdout. */
export interface RuleAdherence {
  key: MeasuredRule;
  /** The behaviour in words, e.g. "read every file before editing it". */
  behaviour: string;
  given: Rate;
  holdout: Rate;
  /** given − holdout rate, with a Newcombe 95% interval; null when either side has nobody eligible. */
  difference: number | null;
  low: number | null;
  high: number | null;
}

/** One ISO week (starting Monday, UTC) of linked sessions, by the session's start. */
export interface WeekPoint {
  week: string;
  guidance: { n: number; mean: number | null };
  holdout: { n: number; mean: number | null };
  /** Pooled over the measured rules: share of eligible given-rule sessions that followed it, per arm. */
  adherenceGiven: number | null;
  adherenceHoldout: number | null;
}

/** What an arm's linked sessions cost, priced with the repository's table. */
export interface ArmCost {
  /** Linked sessions whose tokens are counted per model and fully priced: what the figures are over. */
  priced: number;
  /** Linked sessions left out: no tokens counted, or a model without a price. */
  unpriced: number;
  /** Of the priced sessions, those that succeeded (score ≥ the lessons' success threshold). */
  successful: number;
  usd: number;
  perSession: number | null;
  /** USD of all priced sessions over the successful ones: what one success costs, failures' spend included. */
  perSuccess: number | null;
}

export interface ExperimentReport {
  settings: ExperimentSettings;
  counts: {
    /** Sessions that asked for guidance in this period. */
    enrolled: number;
    guidance: number;
    holdout: number;
    /** Enrolled sessions whose transcript has arrived, per arm. */
    linked: { guidance: number; holdout: number };
    /** Enrolled, transcript not arrived yet. */
    awaiting: number;
    /** Sessions of this period that never asked for guidance: left out of the comparison. */
    notEnrolled: number;
  };
  /** Null until each arm has at least 2 linked sessions. */
  success: ArmComparison | null;
  /** Linked sessions needed in all to detect a 10-point difference in success (80% power, α = 0.05, two-sided). */
  power: { effect: number; neededTotal: number | null; more: number | null };
  adherence: RuleAdherence[];
  weekly: WeekPoint[];
  cost: { guidance: ArmCost; holdout: ArmCost; prices: string };
  /** Every outcome, guidance against holdout, with intervals; the primary one first. */
  outcomes: OutcomeComparison[];
  /** How long until the primary outcome (cost per session) can be read. */
  howLong: PowerPanel;
  /** What the injected guidance costs against what it saves. */
  savings: SavingsPanel;
  /** Each tool-call note's effect on the recurrence of its own mistake, given against not given (docs/just-in-time.md). */
  notes: NoteEffectsReport;
  /** Plain-words cautions that apply to these numbers (small samples, novelty, sessions that never asked, ...). */
  caveats: string[];
}
