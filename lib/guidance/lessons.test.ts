import { describe, expect, it } from "vitest";
import type { DomainAggregate, SessionMeasures } from "@/lib/guidance/aggregates";
import { lessonCandidates } from "@/lib/guidance/lessons";
import { familyLevel } from "@/lib/guidance/wording";
import { createRandom } from "@/test/factories/generate/random";
import { moments, summarize, welchInterval } from "@/lib/learn/stats";

function domainOf(name: string, failedOps: number[], succeededOps: number[]): DomainAggregate {
  const sessions = (ops: number[]): SessionMeasures[] => ops.map((o) => ({ ops: o, files: 2, shell: 0.2 }));
  const profile = (group: SessionMeasures[]) => ({
    n: group.length,
    ops: moments(group.map((s) => s.ops)),
    files: moments(group.map((s) => s.files)),
    shellShare: moments(group.map((s) => s.shell)),
  });
  const [failed, succeeded] = [sessions(failedOps), sessions(succeededOps)];
  return {
    domain: name,
    success: moments([0.5]),
    failed: profile(failed),
    succeeded: profile(succeeded),
    samples: { failed, succeeded },
  };
}

describe("lessonCandidates on small, skewed groups", () => {
  // Most sessions short, one in ten very long: the same distribution for failed and successful sessions.
  const rng = createRandom(3);
  const draw = () => (rng.chance(0.1) ? 80 + rng.int(0, 40) : 5 + rng.int(0, 10));
  const datasets = Array.from(
    { length: 300 },
    () => [Array.from({ length: 40 }, draw), Array.from({ length: 6 }, draw)] as const,
  );

  it("keeps the error rate where Welch's interval does not, with no difference between the groups", () => {
    let lessons = 0;
    let welch = 0;
    for (const [failed, succeeded] of datasets) {
      if (lessonCandidates([domainOf("testing", failed, succeeded)]).length > 0) lessons++;
      const [f, s] = [summarize(moments(failed)), summarize(moments(succeeded))];
      if (f.mean >= 1.25 * s.mean && welchInterval(f, s, familyLevel(3)).low > 0) welch++;
    }
    expect(welch / datasets.length).toBeGreaterThan(0.05);
    expect(lessons / datasets.length).toBeLessThanOrEqual(0.02);
  });

  it("still finds a clear difference between small groups, deterministically", () => {
    const d = domainOf("testing", [40, 55, 62, 48, 70, 51, 66], [12, 9, 15, 11, 14, 10]);
    const [lesson] = lessonCandidates([d]);
    expect(lesson?.lesson.key).toBe("lesson:testing:ops");
    expect(lessonCandidates([structuredClone(d)])).toEqual(lessonCandidates([d]));
  });

  it("states nothing for a small group whose sessions were not read", () => {
    const d = domainOf("testing", [40, 55, 62, 48, 70, 51, 66], [12, 9, 15, 11, 14, 10]);
    delete d.samples;
    expect(lessonCandidates([d])).toEqual([]);
  });
});
