import { describe, expect, it } from "vitest";
import {
  FIRST_SPAN,
  FIRST_WALK,
  nextSpan,
  reachesOldest,
  readWithin,
  span,
  spanFound,
  walkAgain,
  walkAnswered,
  walkFound,
  type Walked,
} from "./window-steps";

const NEED = 2_001;
const NEWEST = 1_000_000;
/** A walk of the newest `read` of `asked` memories (ids newest down, one apart) that found `hits` matches. */
const walked = (hits: number, read = FIRST_WALK, asked = FIRST_WALK): Walked => ({
  hits: Array.from({ length: hits }, (_, i) => NEWEST - i),
  newest: NEWEST,
  oldest: NEWEST - read + 1,
  read,
  asked,
});

describe("span", () => {
  it("covers the ids asked for with a few blocks of the largest size that gives at least three", () => {
    expect(span(NEWEST, 20_000)).toEqual({ bits: 12, blocks: [244, 243, 242, 241, 240, 239] });
    expect(span(NEWEST, 300_000)).toEqual({ bits: 16, blocks: [15, 14, 13, 12, 11, 10] });
    expect(span(NEWEST, 5_000_000)).toEqual({ bits: 18, blocks: [3, 2, 1, 0] });
    expect(span(5_000, 100)).toEqual({ bits: 12, blocks: [1] });
  });

  it("reaches the oldest ids when its last block is the first, so that the index can be read without its marks", () => {
    expect(reachesOldest(span(NEWEST, 5_000_000))).toBe(true);
    expect(reachesOldest(span(5_000, 5_000))).toBe(true);
    expect(reachesOldest(span(NEWEST, 300_000))).toBe(false);
    expect(reachesOldest(span(NEWEST, NEWEST - 2 ** 18))).toBe(false);
  });
});

describe("a prefix's walk", () => {
  it("answers when it found enough, or read every memory in scope", () => {
    expect(walkAnswered(walked(NEED), NEED)).toBe(true);
    expect(walkAnswered(walked(12, 300), NEED)).toBe(true);
    expect(walkAnswered(walked(12), NEED)).toBe(false);
    expect(walkAgain(walked(NEED), NEED)).toBeNull();
  });

  it("goes on once where the matches are dense enough that walking is cheaper than reading them all", () => {
    expect(walkAgain(walked(1_000), NEED)).toBe(Math.ceil((NEED / (1_000 / FIRST_WALK)) * 1.25));
    expect(walkAgain(walked(1_900), NEED)).toBe(2 * FIRST_WALK);
    expect(walkAgain(walked(100), NEED)).toBeNull();
    expect(walkAgain(walked(1_000, 10_000, 10_000), NEED)).toBeNull();
    expect(walkFound(walked(100))).toEqual({ hits: 100, ids: FIRST_WALK });
  });
});

describe("nextSpan", () => {
  it("starts with the newest ids", () => {
    expect(nextSpan(NEED, NEWEST, null)).toEqual(span(NEWEST, FIRST_SPAN));
  });

  it("sizes the next span from the density found, with a margin, at least four times wider", () => {
    // 400 in 4,096 ids: about 20,500 ids hold 2,001.
    expect(nextSpan(NEED, NEWEST, { hits: 400, ids: 4_096 })).toEqual(span(NEWEST, (1.25 * NEED * 4_096) / 400));
    expect(nextSpan(NEED, NEWEST, { hits: 1_900, ids: 4_096 })).toEqual(span(NEWEST, 4 * 4_096));
    expect(nextSpan(NEED, NEWEST, { hits: 0, ids: 4_096 })).toEqual(span(NEWEST, 16 * 4_096));
  });

  it("ends after a span that covered every id", () => {
    const all = span(NEWEST, 5_000_000);
    expect(spanFound(all, NEWEST, 10)).toEqual({ hits: 10, ids: NEWEST + 1 });
    expect(nextSpan(NEED, NEWEST, spanFound(all, NEWEST, 10))).toBeNull();
    expect(spanFound({ bits: 12, blocks: [244, 243] }, NEWEST, 5)).toEqual({ hits: 5, ids: NEWEST - 243 * 4_096 + 1 });
  });
});

describe("a prefix's spans beside whole words", () => {
  it("read the whole words' index only where the walk saw them hardly more often than the whole query", () => {
    expect(readWithin(walked(100), 400)).toBe(true);
    expect(readWithin(walked(100), 401)).toBe(false);
    expect(readWithin(walked(0), 4)).toBe(true);
    expect(readWithin(walked(0), 5)).toBe(false);
  });
});
