import { describe, expect, it } from "vitest";
import { FIRST_WALK, WALK_DENSITY, windowSteps, type Walked } from "./window-steps";

const NEED = 2_001;
/** A walk of the newest `read` of `asked` memories (ids newest down, one apart) that found `hits` matches. */
const walked = (hits: number, read = FIRST_WALK, asked = FIRST_WALK, newest = 1_000_000): Walked => ({
  hits: Array.from({ length: hits }, (_, i) => newest - i),
  newest,
  oldest: newest - read + 1,
  read,
  asked,
});

describe("windowSteps", () => {
  const steps = windowSteps(NEED);

  it("stops after the first walk when it found enough, or read every memory in scope", () => {
    expect(steps.walkAgain(walked(NEED))).toBeNull();
    expect(steps.spans(walked(NEED))).toBeNull();
    expect(steps.walkAgain(walked(12, 300))).toBeNull();
    expect(steps.spans(walked(12, 300))).toBeNull();
  });

  it("walks on once where matches are dense, as far as their density says", () => {
    expect(steps.walkAgain(walked(600))).toBe(Math.ceil((NEED / (600 / FIRST_WALK)) * 1.25));
    expect(steps.walkAgain(walked(1_900))).toBe(2 * FIRST_WALK);
    expect(steps.walkAgain(walked(410))).toBeLessThanOrEqual(Math.ceil((NEED / WALK_DENSITY) * 1.25));
    expect(steps.walkAgain(walked(400))).toBeNull();
    expect(steps.walkAgain(walked(1_600, 6_000, 6_000))).toBeNull();
  });

  it("reads the index over spans sized from the density, each four times wider, until one covers every id", () => {
    // 400 in 4,096 ids: about 20,500 ids hold 2,001, so the first span is of blocks of 2^16 (65,536 to 131,072 ids).
    expect(steps.spans(walked(400))).toEqual([
      { bits: 16, blocks: [15, 14] },
      { bits: 18, blocks: [3, 2] },
      { bits: 20, blocks: [0] },
    ]);
  });

  it("starts at blocks of 2^16 when the walk found nothing", () => {
    expect(steps.spans(walked(0))?.[0]).toEqual({ bits: 16, blocks: [15, 14] });
  });

  it("ends with every block of the widest size in a vault beyond it", () => {
    const spans = steps.spans(walked(0, FIRST_WALK, FIRST_WALK, 20_000_000))!;
    expect(spans.at(-2)).toEqual({ bits: 22, blocks: [4, 3] });
    expect(spans.at(-1)).toEqual({ bits: 22, blocks: [4, 3, 2, 1, 0] });
  });

  it("covers a small vault with the first span", () => {
    expect(steps.spans(walked(10, FIRST_WALK, FIRST_WALK, 5_000))).toEqual([{ bits: 20, blocks: [0] }]);
  });
});
