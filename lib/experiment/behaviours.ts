/**
 * The behaviour behind each measured rule, read off a session's stored features: did the agent do what the
 * rule asks? `observe` gives null when the session cannot show the behaviour (not eligible), e.g. a session
 * that changed one file says nothing about verifying after multi-file changes. The groups match the ones the
 * rules were learned from (db/queries/aggregates.ts), with the same thresholds.
 */
import type { BehaviourFeatures, MeasuredRule } from "@/lib/experiment/contract";
import { MEASURED_RULES } from "@/lib/experiment/contract";
import { THRESHOLDS as T } from "@/lib/guidance/aggregates";

export interface MeasuredBehaviour {
  key: MeasuredRule;
  /** The behaviour in words, e.g. "read every file before editing it". */
  behaviour: string;
  /** True when followed, false when not, null when this session is not eligible. */
  observe(features: BehaviourFeatures): boolean | null;
}

export const BEHAVIOURS: Record<MeasuredRule, MeasuredBehaviour> = {
  "read-before-edit": {
    key: "read-before-edit",
    behaviour: "read every file before editing it",
    observe: (f) => (f.readBeforeEditRatio == null ? null : f.readBeforeEditRatio >= T.readBeforeEditFull),
  },
  verification: {
    key: "verification",
    behaviour: `ran a check after editing, in sessions that changed ${T.verificationMinFiles}+ files`,
    observe: (f) =>
      f.filesModified == null || f.filesModified < T.verificationMinFiles || f.verifiedAfterEdit == null
        ? null
        : f.verifiedAfterEdit,
  },
  delegation: {
    key: "delegation",
    behaviour: `delegated to a sub-agent, in sessions of ${T.delegationMinOps}+ operations`,
    observe: (f) =>
      f.operationCount == null || f.operationCount < T.delegationMinOps || f.delegated == null ? null : f.delegated,
  },
  "session-length": {
    key: "session-length",
    behaviour: `stayed under ${T.marathonMinOps} operations (no marathon session)`,
    observe: (f) => (f.operationCount == null ? null : f.operationCount < T.marathonMinOps),
  },
  focus: {
    key: "focus",
    behaviour: `changed ${T.focusedMaxFiles} files or fewer, in sessions that changed any`,
    observe: (f) => (f.filesModified == null || f.filesModified < 1 ? null : f.filesModified <= T.focusedMaxFiles),
  },
};

export function isMeasuredRule(key: string): key is MeasuredRule {
  return (MEASURED_RULES as readonly string[]).includes(key);
}
