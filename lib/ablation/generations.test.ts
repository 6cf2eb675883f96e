import { describe, expect, it } from "vitest";
import type { AblationArm, AblationRun, RunStatus } from "@/lib/ablation/contract";
import { byGeneration } from "@/lib/ablation/generations";

const run = (arm: AblationArm, status: RunStatus): AblationRun => ({
  task: "t",
  arm,
  run: 1,
  status,
  verified: true,
  agentTimedOut: false,
  durationMs: null,
  operations: null,
  toolErrors: null,
  tokens: null,
  costUsd: null,
  features: null,
});
const many = (n: number, arm: AblationArm, status: RunStatus) => Array.from({ length: n }, () => run(arm, status));

describe("byGeneration", () => {
  it("pools the runs of every ablation of a generation, newest generation first", () => {
    const result = byGeneration([
      {
        generation: 9,
        runs: [
          ...many(5, "guidance", "completed"),
          ...many(5, "guidance", "not_completed"),
          ...many(5, "none", "completed"),
          ...many(5, "none", "not_completed"),
        ],
      },
      {
        generation: 12,
        runs: [
          ...many(9, "guidance", "completed"),
          ...many(1, "guidance", "not_completed"),
          ...many(3, "none", "completed"),
          ...many(7, "none", "not_completed"),
        ],
      },
      { generation: 12, runs: [...many(2, "guidance", "completed"), run("none", "check_error")] },
    ]);
    expect(result.map((g) => g.generation)).toEqual([12, 9]);
    const [twelve, nine] = result;
    expect(twelve).toMatchObject({
      ablations: 2,
      guidance: { judged: 12, completed: 11 },
      none: { judged: 10, completed: 3 },
    });
    expect(twelve!.difference!.low).toBeGreaterThan(0);
    expect(nine!.difference!.estimate).toBe(0);
  });

  it("has no difference for a generation tested in one arm only", () => {
    expect(byGeneration([{ generation: 3, runs: many(2, "guidance", "completed") }])[0]!.difference).toBeNull();
  });
});
