import { describe, expect, it } from "vitest";
import { parseAcosTrajectory } from "@/lib/ingest/acos";

const base = {
  id: "traj_1790812832410_ab12",
  sessionId: "c461492e",
  source: "startup",
  startedAt: "2026-10-01T00:00:00.000Z",
  completedAt: "2026-10-01T00:10:00.000Z",
  duration: 600000,
  promptCount: 3,
  toolCount: 14,
  operationCount: 14,
  successScore: 0.92,
  toolBreakdown: { Edit: 6, Read: 5, Bash: 3 },
  filesModified: ["app/page.tsx", "lib/utils.ts", "app/page.tsx"],
  critique: "Good.",
  type: "code_development",
  task: "Add a page",
};

function ok(value: unknown) {
  const result = parseAcosTrajectory(value, 1);
  if (!result.ok) throw new Error(result.error.message);
  return result.session;
}

function error(value: unknown, line = 7) {
  const result = parseAcosTrajectory(value, line);
  if (result.ok) throw new Error("expected an error");
  return result.error;
}

describe("parseAcosTrajectory: valid records", () => {
  it("maps every field to the canonical session", () => {
    const withExtras = { ...base, evidenceStatus: "sufficient", eligibleForLearning: true };
    expect(ok(withExtras)).toEqual({
      format: "acos",
      externalId: base.id,
      sessionId: "c461492e",
      projectHint: null,
      agent: "claude-code",
      task: "Add a page",
      domain: "code_development",
      startedAt: Date.UTC(2026, 9, 1),
      endedAt: Date.UTC(2026, 9, 1, 0, 10),
      durationMs: 600000,
      promptCount: 3,
      prompts: [],
      operations: null,
      operationCount: 14,
      toolBreakdown: { Edit: 6, Read: 5, Bash: 3 },
      filesRead: [],
      filesModified: ["app/page.tsx", "lib/utils.ts"],
      tokens: null,
      tokensByModel: {},
      models: [],
      gitBranch: null,
      events: null,
      subagents: [],
      success: { score: 0.92, source: "reported", signals: [] },
      critique: "Good.",
      raw: withExtras,
    });
  });

  it("takes operationCount, else toolCount, else the sum of toolBreakdown", () => {
    expect(ok({ ...base, operationCount: undefined }).operationCount).toBe(14);
    expect(ok({ ...base, operationCount: undefined, toolCount: undefined }).operationCount).toBe(14);
    expect(
      ok({ ...base, operationCount: undefined, toolCount: undefined, toolBreakdown: undefined }).operationCount,
    ).toBe(0);
  });

  it("infers the domain when type is missing or auto", () => {
    expect(ok({ ...base, type: undefined }).domain).toBe("code_development");
    expect(ok({ ...base, type: "auto", filesModified: ["content/blog/a.mdx"] }).domain).toBe("content_creation");
    expect(ok({ ...base, type: null, filesModified: [] }).domain).toBe("general");
    expect(ok({ ...base, type: "research" }).domain).toBe("research");
  });

  it("accepts a minimal record, epoch-ms times and nulls, deriving the duration", () => {
    const t = ok({
      id: "x",
      startedAt: 1000,
      completedAt: 5000,
      successScore: 0.5,
      critique: null,
      task: null,
      sessionId: null,
    });
    expect(t).toMatchObject({
      startedAt: 1000,
      endedAt: 5000,
      durationMs: 4000,
      sessionId: null,
      task: null,
      critique: null,
      toolBreakdown: {},
      filesModified: [],
    });
  });

  it("uses completedAt as the start when startedAt is missing", () => {
    expect(ok({ id: "x", completedAt: 5000, successScore: 0.5 })).toMatchObject({
      startedAt: 5000,
      endedAt: 5000,
      durationMs: 0,
    });
  });
});

describe("parseAcosTrajectory: rejected records name line and field", () => {
  it("successScore of the wrong type or out of range", () => {
    expect(error({ ...base, successScore: "high" })).toEqual({
      line: 7,
      field: "successScore",
      message: "expected a number, got string",
    });
    expect(error({ ...base, successScore: 7 })).toEqual({
      line: 7,
      field: "successScore",
      message: "must be between 0 and 1",
    });
    expect(error({ ...base, successScore: undefined })).toEqual({
      line: 7,
      field: "successScore",
      message: "required",
    });
  });

  it("missing or empty id", () => {
    expect(error({ ...base, id: undefined })).toMatchObject({ field: "id", message: "required" });
    expect(error({ ...base, id: "" })).toMatchObject({ field: "id", message: "must not be empty" });
  });

  it("nested fields, with a count of further problems", () => {
    expect(error({ ...base, toolBreakdown: { Edit: -1 } })).toMatchObject({
      field: "toolBreakdown.Edit",
      message: "must be 0 or more",
    });
    expect(error({ ...base, filesModified: ["a", 3] })).toMatchObject({ field: "filesModified.1" });
    expect(error({ ...base, id: 1, duration: -5, promptCount: 1.5 })).toEqual({
      line: 7,
      field: "id",
      message: "expected a string, got number (and 2 more problems)",
    });
    expect(error({ ...base, id: 1, duration: -5 }).message).toMatch(/\(and 1 more problem\)$/);
  });

  it("bad timestamps", () => {
    expect(error({ ...base, startedAt: "last tuesday" })).toMatchObject({
      field: "startedAt",
      message: expect.stringContaining("ISO date"),
    });
    // Found by fuzzing: a time past the last one a Date holds was stored, and the pages showing it threw.
    const late = {
      id: "traj_0000000000000_00a0",
      startedAt: "1970-01-01T00:00:00.000Z",
      successScore: 0,
      completedAt: 8640000000000001,
    };
    expect(error(late)).toMatchObject({
      field: "completedAt",
      message: "expected an ISO date string or epoch milliseconds, got 8640000000000001",
    });
  });

  it("a session still in progress (_active.json)", () => {
    const active = {
      id: "traj_1_ab12",
      sessionId: "s",
      source: "startup",
      startedAt: 1,
      promptCount: 0,
      toolCount: 0,
      filesModified: [],
      type: "auto",
      task: null,
    };
    expect(error(active)).toEqual({
      line: 7,
      field: "completedAt",
      message: "session still in progress (_active.json); it is imported once it completes",
    });
  });

  it("no start time at all", () => {
    expect(error({ id: "x", successScore: 0.5 })).toMatchObject({
      field: "startedAt",
      message: expect.stringContaining("required"),
    });
  });

  it("values that are not objects", () => {
    expect(error([1])).toEqual({ line: 7, field: null, message: "expected a JSON object" });
  });
});
