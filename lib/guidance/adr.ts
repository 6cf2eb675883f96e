import type { RuleLifecycle } from "./lifecycle";

const pct = (x: number) => `${Math.round(x * 100)}%`;
const pp = (x: number) => `${x >= 0 ? "+" : "−"}${Math.abs(Math.round(x * 1000) / 10)} pp`;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export interface AdrInput {
  project: string;
  rule: RuleLifecycle;
  /** Epoch ms of the generation in which the rule was promoted (its streak reached the threshold). */
  promotedAt: number;
  promoteAfter: number;
}

/**
 * An architecture decision record for a promoted rule (markdown: Title, Status, Context, Decision, Evidence,
 * Consequences). Pure: derived from the rule's history only, so the same history gives the same record.
 */
export function renderAdr({ project, rule, promotedAt, promoteAfter }: AdrInput): string {
  const r = rule.latest;
  const e = r.evidence;
  return [
    `# ADR: ${r.instruction}`,
    "",
    "## Status",
    "",
    `Accepted — promoted by Starlight on ${isoDay(promotedAt)} after ${rule.supportedStreak} consecutive guidance generations in which the data supported it (threshold ${promoteAfter}; first seen in generation ${rule.firstGeneration}). Rule key: \`${r.key}\`, project \`${project}\`.`,
    "",
    "## Context",
    "",
    `Starlight compares the outcome of this project's agent sessions that showed a behaviour with comparable sessions that did not. ` +
      `A rule is stated only when the 95% confidence interval of the difference in mean success excludes zero, and it is promoted once that has held for ${promoteAfter} or more consecutive generations of guidance.`,
    "",
    "## Decision",
    "",
    `${r.instruction}`,
    "",
    "## Evidence",
    "",
    `- ${r.evidenceLine}`,
    `- With the behaviour: ${e.with.n} sessions, mean success ${pct(e.with.mean)} (sd ${e.with.sd.toFixed(2)}).`,
    `- Without it: ${e.without.n} sessions, mean success ${pct(e.without.mean)} (sd ${e.without.sd.toFixed(2)}).`,
    `- Difference ${pp(e.difference)}, 95% interval ${pp(e.low)} to ${pp(e.high)} (${e.method === "welch" ? "Welch" : `regression adjusted for ${e.adjustedFor?.join(", ") || "nothing"}`}).`,
    "",
    "## Consequences",
    "",
    "- Agents working on this project are told to follow the rule at the start of every session, through the exported guidance.",
    "- The evidence is observational: sessions that follow the rule may differ in other ways. The rule stays under watch; if a later generation's interval includes zero, Starlight retires it and records the date and the reason.",
    "",
  ].join("\n");
}
