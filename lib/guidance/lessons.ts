import type { DomainAggregate, GroupProfile, Moments } from "@/lib/guidance/aggregates";
import type { Lesson } from "@/lib/guidance/contract";
import { amount, capitalize, domainLabel, familyLevel, percent } from "@/lib/guidance/wording";
import { MIN_GROUP, summarize, welchInterval } from "@/lib/learn/stats";

/**
 * Failure lessons per domain (DESIGN §1.5): a domain's failed sessions compared with its successful ones on
 * length (operations), breadth (files changed) and shell share. A lesson is stated only when failed sessions
 * are higher by a margin worth saying (at least RATIO×) and the Welch interval of the difference excludes
 * zero after a Bonferroni correction over every (domain, measure) compared; both groups need MIN_GROUP.
 */

export const LESSON_RATIO = 1.25;

type Measure = "ops" | "files" | "shell";
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
      return `${where}, failed sessions ran ${times} operations as successful ones (${amount(failed)} vs ${amount(succeeded)}): split long tasks into smaller steps and check progress early.`;
    case "files":
      return `${where}, failed sessions changed ${times} files as successful ones (${amount(failed)} vs ${amount(succeeded)}): change a few files at a time and verify before widening the change.`;
    case "shell":
      return `${where}, failed sessions spent ${percent(failed)} of their operations in the shell vs ${percent(succeeded)} in successful ones: read the code and make targeted edits instead of trial-and-error commands.`;
  }
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
      const ci = welchInterval(f, s, level);
      if (!(ci.low > 0)) continue;
      out.push({
        lesson: { key: `lesson:${d.domain}:${m}`, domain: d.domain, text: capitalize(text(d.domain, m, f.mean, s.mean)), failed: f.n, succeeded: s.n },
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
