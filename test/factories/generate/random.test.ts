import { describe, expect, it } from "vitest";
import { createRandom } from "@/test/factories/generate/random";

describe("createRandom", () => {
  it("draws integers within inclusive bounds, hitting both ends", () => {
    const rng = createRandom(1);
    const seen = new Set(Array.from({ length: 500 }, () => rng.int(3, 6)));
    expect([...seen].sort()).toEqual([3, 4, 5, 6]);
  });

  it("follows weights roughly", () => {
    const rng = createRandom(2);
    const draws = Array.from({ length: 10_000 }, () =>
      rng.weighted([
        ["a", 9],
        ["b", 1],
      ] as const),
    );
    const share = draws.filter((d) => d === "a").length / draws.length;
    expect(share).toBeGreaterThan(0.87);
    expect(share).toBeLessThan(0.93);
  });

  it("draws normals with mean about 0 and spread about 1", () => {
    const rng = createRandom(3);
    const xs = Array.from({ length: 20_000 }, () => rng.normal());
    const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
    const variance = xs.reduce((a, b) => a + (b - mean) ** 2, 0) / xs.length;
    expect(Math.abs(mean)).toBeLessThan(0.03);
    expect(Math.abs(variance - 1)).toBeLessThan(0.05);
  });

  it("makes tokens, picks and chances", () => {
    const rng = createRandom(4);
    expect(rng.token(4)).toMatch(/^[0-9a-z]{4}$/);
    expect(["x", "y"]).toContain(rng.pick(["x", "y"]));
    expect(() => rng.pick([])).toThrow();
    expect(rng.chance(0)).toBe(false);
    expect(rng.chance(1)).toBe(true);
  });
});
