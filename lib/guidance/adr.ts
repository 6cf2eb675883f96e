import type { Evidence } from "./contract";
import type { RuleLifecycle } from "./lifecycle";
import { knowledgeNote } from "./rule-status";

const pct = (x: number) => `${Math.round(x * 100)}%`;
const pp = (x: number) => `${x >= 0 ? "+" : "−"}${Math.abs(Math.round(x * 1000) / 10)} pp`;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The test that stated the rule, as it was actually run (lib/guidance/rules.ts). */
function testUsed(e: Evidence): string {
  const score = e.outcome === "unverified" ? "the success score without its verification signals" : "the success score";
  const fit =
    e.method === "welch"
      ? `Welch's two-sample t interval of the difference in ${score}`
      : `a least-squares regression of ${score} on the behaviour, adjusted for ${e.adjustedFor?.length ? e.adjustedFor.join(", ") : "nothing"}, with an HC3 robust standard error${e.df !== undefined ? ` and a t interval on ${Math.round(e.df)} degrees of freedom` : ""}`;
  return `${fit}; stated as supported when its interval, Bonferroni-corrected over every comparison made for the project, excludes zero on the behaviour's side, and only when the raw and adjusted differences agree in sign`;
}

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
      `The test used: ${testUsed(e)}. It is promoted once that has held for ${promoteAfter} or more consecutive generations of guidance.`,
    "",
    `What is known: ${knowledgeNote(r.test)}.`,
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
    r.test?.verdict === "hurts"
      ? "- Agents working on this project are no longer told of the rule: its randomised test found that sessions given it did worse."
      : "- Agents working on this project are told of the rule at the start of every session, through the exported guidance.",
    r.test === undefined
      ? "- The evidence is observational: sessions that follow the rule may differ in other ways (a harder task, another habit), so this is an association, not a proven effect, until the project's experiment tests the rule by randomisation. The rule stays under watch; if a later generation's interval includes zero, Starlight retires it and records the date and the reason."
      : r.test.verdict === "hurts"
        ? "- The rule was tested by randomisation (told or not told, independently per session) and hurt, though the observational comparison below the decision favours it: that association came from something other than the rule."
        : "- The rule was tested by randomisation (told or not told, independently per session): what is known, above, is its effect on this project's sessions, not an association. The test keeps running while the experiment does; a rule tested to hurt leaves the guidance.",
    "",
  ].join("\n");
}
