import type { DomainAggregate, GroupProfile, Moments, SessionMeasures } from "@/lib/guidance/aggregates";
import type { Lesson } from "@/lib/guidance/contract";
import { amount, capitalize, domainLabel, familyLevel, percent } from "@/lib/guidance/wording";
import { MIN_GROUP, permutationPValue, summarize, welchInterval } from "@/lib/learn/stats";

/**
 * Failure lessons per domain (docs/statistics.md#lessons-checklists-strengths): a domain's failed sessions compared with its successful ones on
 * length (operations), breadth (files changed) and shell share. A lesson is stated only when failed sessions
 * are higher by a margin worth saying (at least RATIO×) and the difference is significant after a Bonferroni
 * correction over every (domain, measure) compared; both groups need MIN_GROUP.
 *
 * The test: Welch's interval of the difference must exclude zero when both groups have WELCH_MIN_GROUP sessions
 * or more (its t approximation then holds for these bounded, skewed measures); below that, where one long or
 * idle session can make a small group's mean and spread say anything, a seeded permutation test on the
 * sessions' own values decides (one-sided p at most half the corrected two-sided level), so a lesson never
 * rests on the normality Welch assumes.
 */

const LESSON_RATIO = 1.25;
/** Below this many sessions in either group, a lesson is tested by permutation on the sessions' values. */
export const WELCH_MIN_GROUP = 30;
/** Relabellings per permutation test: enough for p-values down to 1/10,000. */
const PERMUTATION_ROUNDS = 9_999;

type Measure = keyof SessionMeasures;
const MEASURES: readonly Measure[] = ["ops", "files", "shell"];

export interface LessonCandidate {
  lesson: Lesson;
  strength: number;
}

function momentsOf(p: GroupProfile, m: Measure): Moments {
  return m === "ops" ? p.ops : m === "files" ? p.files : p.shellShare;
}

function text(domain: string, m: Measure, failed: number, succeeded: number): string {
  const where = `In ${domainLabel(domain)} work`;
  const times = succeeded > 0 ? `${amount(failed / succeeded)}× as many` : "more";
  switch (m) {
    case "ops":
      return `${where}, failed sessions ran ${times} operations as successful ones (${amount(failed)} vs ${amount(succeeded)}; an unadjusted comparison): split long tasks into smaller steps and check progress early.`;
    case "files":
      return `${where}, failed sessions changed ${times} files as successful ones (${amount(failed)} vs ${amount(succeeded)}; an unadjusted comparison): change a few files at a time and verify before widening the change.`;
    case "shell":
      return `${where}, failed sessions spent ${percent(failed)} of their operations in the shell vs ${percent(succeeded)} in successful ones (an unadjusted comparison): read the code and make targeted edits instead of trial-and-error commands.`;
  }
}

/** A seed for one (domain, measure) test, from its name, so each test draws its own relabellings. */
function seedOf(name: string): number {
  let h = 2166136261;
  for (let i = 0; i < name.length; i++) h = Math.imul(h ^ name.charCodeAt(i), 16777619);
  return h >>> 0;
}

/** Is the failed group's mean significantly higher, at the corrected two-sided `level`? */
function significant(d: DomainAggregate, m: Measure, level: number): boolean {
  const f = summarize(momentsOf(d.failed, m));
  const s = summarize(momentsOf(d.succeeded, m));
  if (Math.min(f.n, s.n) >= WELCH_MIN_GROUP) return welchInterval(f, s, level).low > 0;
  if (!d.samples) return false;
  const values = (group: readonly SessionMeasures[]) => group.map((x) => x[m]);
  return (
    permutationPValue(
      values(d.samples.failed),
      values(d.samples.succeeded),
      PERMUTATION_ROUNDS,
      seedOf(`${d.domain}:${m}`),
    ) <=
    (1 - level) / 2
  );
}

export function lessonCandidates(domains: readonly DomainAggregate[]): LessonCandidate[] {
  const tested = domains.filter((d) => d.failed.n >= MIN_GROUP && d.succeeded.n >= MIN_GROUP);
  const level = familyLevel(tested.length * MEASURES.length);
  const out: LessonCandidate[] = [];
  for (const d of tested) {
    for (const m of MEASURES) {
      const f = summarize(momentsOf(d.failed, m));
      const s = summarize(momentsOf(d.succeeded, m));
      if (!(f.mean >= LESSON_RATIO * s.mean) || f.mean <= 0) continue;
      if (!significant(d, m, level)) continue;
      const ci = welchInterval(f, s);
      out.push({
        lesson: {
          key: `lesson:${d.domain}:${m}`,
          domain: d.domain,
          text: capitalize(text(d.domain, m, f.mean, s.mean)),
          failed: f.n,
          succeeded: s.n,
        },
        strength: ci.se > 0 ? ci.estimate / ci.se : Number.MAX_VALUE,
      });
    }
  }
  return out;
}

export function distilLessons(domains: readonly DomainAggregate[]): Lesson[] {
  return lessonCandidates(domains)
    .sort((a, b) => b.strength - a.strength || (a.lesson.key < b.lesson.key ? -1 : a.lesson.key > b.lesson.key ? 1 : 0))
    .map((c) => c.lesson);
}
