import { describe, expect, it } from "vitest";
import { DAY_MS, decayClock, effectiveConfidence } from "./decay";

const T0 = Date.UTC(2026, 0, 1);
const memory = { confidence: 0.8, pinned: false, createdAt: T0, reinforcedAt: null, projectActiveAt: null };

describe("effectiveConfidence", () => {
  it("is the stored confidence at age 0", () => {
    expect(effectiveConfidence(memory, T0, 30)).toBe(0.8);
  });

  it("halves every half-life", () => {
    expect(effectiveConfidence(memory, T0 + 30 * DAY_MS, 30)).toBeCloseTo(0.4, 12);
    expect(effectiveConfidence(memory, T0 + 60 * DAY_MS, 30)).toBeCloseTo(0.2, 12);
    expect(effectiveConfidence(memory, T0 + 15 * DAY_MS, 30)).toBeCloseTo(0.8 / Math.SQRT2, 12);
    expect(effectiveConfidence(memory, T0 + 7 * DAY_MS, 7)).toBeCloseTo(0.4, 12);
  });

  it("counts age from the last reinforcement", () => {
    const reinforced = { ...memory, reinforcedAt: T0 + 60 * DAY_MS };
    expect(effectiveConfidence(reinforced, T0 + 60 * DAY_MS, 30)).toBe(0.8);
    expect(effectiveConfidence(reinforced, T0 + 90 * DAY_MS, 30)).toBeCloseTo(0.4, 12);
  });

  it("never decays a pinned memory", () => {
    expect(effectiveConfidence({ ...memory, pinned: true }, T0 + 3650 * DAY_MS, 30)).toBe(0.8);
  });

  it("never grows for a time in the future", () => {
    expect(effectiveConfidence(memory, T0 - 10 * DAY_MS, 30)).toBe(0.8);
  });

  it("is never negative, and tends to 0 with age", () => {
    expect(effectiveConfidence({ ...memory, confidence: -0.5 }, T0 + DAY_MS, 30)).toBe(0);
    const old = effectiveConfidence(memory, T0 + 100_000 * DAY_MS, 30);
    expect(old).toBeGreaterThanOrEqual(0);
    expect(old).toBeLessThan(1e-300);
  });
});

describe("the decay clock", () => {
  const now = T0 + 365 * DAY_MS;

  it("ages a project's memory by the project's latest activity, not by the wall clock", () => {
    expect(decayClock(T0 + 30 * DAY_MS, now)).toBe(T0 + 30 * DAY_MS);
    const dormant = { ...memory, projectActiveAt: T0 + 30 * DAY_MS };
    expect(effectiveConfidence(dormant, now, 30)).toBeCloseTo(0.4, 12);
    expect(effectiveConfidence(dormant, now + 3650 * DAY_MS, 30)).toBeCloseTo(0.4, 12);
  });

  it("reads the memory of an imported history's last session at full confidence", () => {
    expect(effectiveConfidence({ ...memory, projectActiveAt: T0 }, now, 30)).toBe(0.8);
  });

  it("ages a global memory, or one of a project without activity, by the wall clock", () => {
    expect(decayClock(null, now)).toBe(now);
    expect(effectiveConfidence(memory, now, 30)).toBeCloseTo(0.8 * 0.5 ** (365 / 30), 12);
  });

  it("never runs ahead of now, whatever a project's clock says", () => {
    expect(decayClock(now + DAY_MS, now)).toBe(now);
    expect(effectiveConfidence({ ...memory, projectActiveAt: T0 + 100 * DAY_MS }, T0 + 30 * DAY_MS, 30)).toBeCloseTo(
      0.4,
      12,
    );
  });

  it("counts a memory added or edited after the project's latest activity as new", () => {
    expect(
      effectiveConfidence({ ...memory, createdAt: T0 + 200 * DAY_MS, projectActiveAt: T0 + 100 * DAY_MS }, now, 30),
    ).toBe(0.8);
  });
});
