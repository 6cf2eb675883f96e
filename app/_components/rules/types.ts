import type { Rule, RuleSource, RuleStatus, Support } from "@/lib/guidance/contract";

/**
 * What the rules pages show, shaped for display. The pages' loaders fill these from lib/server/guidance.ts,
 * so the components do not depend on how versions and lifecycle are stored.
 */

/** A rule as shown: the contract's rule, except that a retired rule's source may be unknown. */
type ShownRule = Pick<Rule, "key" | "domain" | "instruction" | "evidenceLine" | "evidence" | "test"> & {
  source: RuleSource | null;
};

export interface RuleEntry {
  rule: ShownRule;
  status: RuleStatus;
  /** Epoch ms the rule was retired, and why (retired rules only). */
  retiredAt?: number | null;
  retiredReason?: string | null;
  /** Consecutive generations, ending now, in which the data supported the rule. */
  streak?: number | null;
  /** Where its architecture decision record downloads from (promoted rules only). */
  adrHref?: string | null;
}

export interface HistoryPoint {
  generation: number;
  createdAt: number | null;
  /** null: the rule was not stated in that generation. */
  support: Support | null;
  difference: number | null;
  low: number | null;
  high: number | null;
  withN?: number | null;
  withoutN?: number | null;
}

export interface GenerationDiff {
  /** The generation compared against; null for the first. */
  previous: number | null;
  added: string[];
  removed: string[];
  changed: string[];
}
