import { THRESHOLDS as T, type DomainAggregate } from "@/lib/guidance/aggregates";
import type { Checklist, Lesson } from "@/lib/guidance/contract";
import { MIN_GROUP, summarize } from "@/lib/learn/stats";

/**
 * Checklists for domains averaging under 70% success (over at least MIN_GROUP sessions): the domain's own
 * standing items (Starlight's, marked as such: not learned from the data), then the domain's failure lessons. Rules
 * are not repeated here: each is stated once, in the rules section, with what is known of it.
 */

const DOMAIN_ITEMS: Record<string, readonly string[]> = {
  code_development: [
    "Read the files you will change and their callers first.",
    "Make the smallest change that does the job.",
    "Run the type-checker and tests before finishing.",
  ],
  testing: [
    "Run the failing test alone first and read its full output.",
    "Fix the cause, not the assertion.",
    "Run the whole suite before finishing.",
  ],
  deployment: [
    "Check the current state (branch, pending changes, environment) before acting.",
    "Run the build locally before pushing.",
    "Confirm the deployment succeeded before finishing.",
  ],
  debugging: [
    "Reproduce the problem before changing code.",
    "Change one thing at a time and re-run.",
    "Add a test that fails without the fix.",
  ],
  refactoring: ["Run the tests before and after each step.", "Keep behaviour unchanged; move code in small steps."],
  documentation: ["Check every command and path you document against the code.", "Keep examples runnable."],
  research: ["Write down the question before searching.", "Summarise findings with the files they came from."],
  content_creation: [
    "Confirm the audience and format before writing.",
    "Re-read the result against the request before finishing.",
  ],
};
const GENERIC: readonly string[] = [
  "Restate the goal and the files involved before starting.",
  "Verify the result (build, tests or a manual check) before finishing.",
];

/** A domain's sessions and their mean success, as the overview's per-day figures sum them. */
export interface DomainSuccess {
  domain: string;
  sessions: number;
  avgSuccess: number;
}

/**
 * Domains averaging under 70% over fewer sessions than a checklist needs (MIN_GROUP), weakest first: what a
 * page says beside the checklists, so that "no checklist" never reads as "no weak domain".
 */
export function tooFewForChecklist<D extends DomainSuccess>(domains: readonly D[]): D[] {
  return domains
    .filter((d) => d.sessions > 0 && d.sessions < MIN_GROUP && d.avgSuccess < T.checklistBelow)
    .sort((a, b) => a.avgSuccess - b.avgSuccess);
}

export function distilChecklists(domains: readonly DomainAggregate[], lessons: readonly Lesson[]): Checklist[] {
  const out: Checklist[] = [];
  for (const d of domains) {
    const s = summarize(d.success);
    if (s.n < MIN_GROUP || !(s.mean < T.checklistBelow)) continue;
    const standing = DOMAIN_ITEMS[d.domain] ?? GENERIC;
    const learned = lessons
      .filter((lesson) => lesson.domain === d.domain && !standing.includes(lesson.text))
      .map((lesson) => lesson.text);
    out.push({
      domain: d.domain,
      mean: s.mean,
      n: s.n,
      items: [...standing, ...new Set(learned)],
      standing: standing.length,
    });
  }
  return out.sort((a, b) => a.mean - b.mean || (a.domain < b.domain ? -1 : a.domain > b.domain ? 1 : 0));
}
