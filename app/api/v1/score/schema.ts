import { z } from "zod";

const grade = z.enum(["S", "A", "B", "C", "D", "F"]);
const componentKey = z.enum(["memoryDepth", "patternQuality", "operationalHistory", "learningVelocity"]);

/** The intelligence report with its daily history (lib/server/score.ts `ScoreResult`), for the instance or a project. */
export const scoreResultSchema = z.object({
  report: z.object({
    total: z.number(),
    grade,
    computedAt: z.number(),
    lastDataAt: z.number().nullable(),
    components: z.array(
      z.object({
        key: componentKey,
        label: z.string(),
        points: z.number(),
        max: z.number(),
        details: z.array(z.object({ label: z.string(), value: z.number(), points: z.number() })),
      }),
    ),
  }),
  history: z.array(
    z.object({
      day: z.string(),
      total: z.number(),
      grade,
      components: z.record(z.string(), z.number()),
      createdAt: z.number(),
    }),
  ),
});
