import { describe, expect, it } from "vitest";
import { DAY_MS, effectiveConfidence } from "./decay";

const T0 = Date.UTC(2026, 0, 1);
const memory = { confidence: 0.8, pinned: false, createdAt: T0, reinforcedAt: null };

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
