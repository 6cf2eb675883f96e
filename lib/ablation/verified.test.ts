import { describe, expect, it } from "vitest";
import { CLOCK_ALLOWANCE_MS, verifiedRuns } from "@/lib/ablation/verified";

const STARTED = Date.UTC(2026, 11, 6, 12);
const session = (
  externalId: string,
  extra: { folder?: string | null; startedAt?: number; format?: "claude-code" | "codex" | "gemini" } = {},
) => ({
  format: extra.format ?? ("claude-code" as const),
  externalId,
  startedAt: extra.startedAt ?? STARTED + 60_000,
  folder: extra.folder === undefined ? "fix-range" : extra.folder,
});

describe("verifiedRuns", () => {
  it("verifies a run whose own transcript was recorded in the task's folder after the ablation started", () => {
    expect(verifiedRuns([{ task: "fix-range", session: session("s1") }], STARTED)).toEqual([true]);
    // A format that records no folder (Gemini), and a run stored before the folder was kept.
    expect(
      verifiedRuns([{ task: "fix-range", session: session("s2", { folder: null, format: "gemini" }) }], STARTED),
    ).toEqual([true]);
    const { folder: _folder, ...older } = session("s3");
    expect(verifiedRuns([{ task: "fix-range", session: older }], STARTED)).toEqual([true]);
  });

  it("does not verify a run without a transcript", () => {
    expect(verifiedRuns([{ task: "fix-range", session: null }], STARTED)).toEqual([false]);
  });

  it("does not verify a transcript of another folder, or one from before the ablation", () => {
    expect(verifiedRuns([{ task: "fix-range", session: session("s1", { folder: "other-task" }) }], STARTED)).toEqual([
      false,
    ]);
    expect(
      verifiedRuns(
        [{ task: "fix-range", session: session("s1", { startedAt: STARTED - CLOCK_ALLOWANCE_MS - 1 }) }],
        STARTED,
      ),
    ).toEqual([false]);
    expect(
      verifiedRuns(
        [{ task: "fix-range", session: session("s1", { startedAt: STARTED - CLOCK_ALLOWANCE_MS + 1 }) }],
        STARTED,
      ),
    ).toEqual([true]);
  });

  it("verifies none of the runs that share one transcript", () => {
    const runs = [
      { task: "fix-range", session: session("same") },
      { task: "fix-range", session: session("same") },
      { task: "fix-range", session: session("own") },
    ];
    expect(verifiedRuns(runs, STARTED)).toEqual([false, false, true]);
  });
});
