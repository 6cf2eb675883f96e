import { describe, expect, it } from "vitest";
import {
  BROWSE_WINDOW,
  boundedBrowseNote,
  boundedTextNote,
  isPlainBrowse,
  nextOffset,
  quoted,
  resolveSort,
  TEXT_WINDOW,
  tieredWindow,
} from "./search-window";

describe("resolveSort", () => {
  it("ranks by relevance only when there are words", () => {
    expect(resolveSort(undefined, true)).toBe("relevance");
    expect(resolveSort(undefined, false)).toBe("recent");
    expect(resolveSort("relevance", false)).toBe("recent");
    expect(resolveSort("confidence", true)).toBe("confidence");
  });
});

describe("isPlainBrowse", () => {
  it("is browsing by project and category, most recent first", () => {
    expect(isPlainBrowse({})).toBe(true);
    expect(isPlainBrowse({ sort: "recent" })).toBe(true);
    expect(isPlainBrowse({ sort: "relevance" })).toBe(true);
  });

  it("is not a search with words, a tag, a confidence or a date filter, or sorted by confidence", () => {
    for (const search of [
      { q: "x" },
      { tag: "x" },
      { minConfidence: 0.5 },
      { from: "2026-01-01" },
      { to: "2026-01-01" },
      { sort: "confidence" as const },
    ]) {
      expect(isPlainBrowse(search)).toBe(false);
    }
  });
});

describe("nextOffset", () => {
  it("goes on while the total does", () => {
    expect(nextOffset(0, 20, 45)).toBe(20);
    expect(nextOffset(40, 5, 45)).toBeNull();
    expect(nextOffset(100, 0, 45)).toBeNull();
  });
});

describe("quoted", () => {
  it("puts a query between curly quotes, once for a query that is one quoted phrase, and cuts a long one", () => {
    expect(quoted("deploy")).toBe("“deploy”");
    expect(quoted('"deep manifest"')).toBe("“deep manifest”");
    expect(quoted('"run" the "tests"')).toBe('“"run" the "tests"”');
    expect(quoted("x".repeat(80))).toBe(`“${"x".repeat(59)}…”`);
  });
});

describe("the bounded notes", () => {
  const text = (n: number) => n.toLocaleString("en-US");

  it("say how many were looked at, and how the order changed", () => {
    expect(boundedTextNote({ q: "read", sort: "relevance" })).toBe(
      `“read” matches more than ${text(TEXT_WINDOW)} memories: only the ${text(TEXT_WINDOW)} most recently added were counted, and ordered by confidence rather than by relevance. Add words or use a “phrase” to search them all.`,
    );
    expect(boundedTextNote({ q: "read", tag: "bug", sort: "recent" })).toBe(
      `“read” tagged bug matches more than ${text(TEXT_WINDOW)} memories: only the ${text(TEXT_WINDOW)} most recently added were counted. Add words or use a “phrase” to search them all.`,
    );
    expect(boundedTextNote({ q: "deplo", sort: "relevance", by: "prefixes" })).toBe(
      `“deplo” matches more than ${text(TEXT_WINDOW)} memories: only the ${text(TEXT_WINDOW)} most recently added were counted, whole-word matches first. Add words or use a “phrase” to search them all.`,
    );
    expect(boundedTextNote({ tag: "bug", sort: "recent" })).toMatch(
      /^Tag “bug” is on more than .* Add words to search them all\.$/,
    );
    expect(boundedBrowseNote({})).toContain(
      `Only the ${text(BROWSE_WINDOW)} most recently updated memories were filtered`,
    );
    expect(boundedBrowseNote({ from: "2026-01-01" })).toContain(
      "memories of those days were filtered, counted and sorted. Narrow the dates",
    );
  });

  it("cut a very long query", () => {
    const note = boundedTextNote({ q: "x".repeat(500), sort: "relevance" });
    expect(note).toContain(`“${"x".repeat(59)}…”`);
  });
});

describe("tieredWindow", () => {
  const ids = (from: number, n: number) => Array.from({ length: n }, (_, i) => from - i);

  it("holds the whole-word matches, then the newest prefix-only ones the window has room for", () => {
    expect(tieredWindow([9, 5], [10, 9, 8, 3])).toEqual({ words: [9, 5], prefixed: [10, 8, 3], bounded: null });
    expect(tieredWindow([], null)).toEqual({ words: [], prefixed: [], bounded: null });
  });

  it("is bounded by the words when they fill it, with no prefix-only match", () => {
    const window = tieredWindow(ids(50_000, TEXT_WINDOW + 1), null);
    expect(window.words).toHaveLength(TEXT_WINDOW);
    expect(window).toMatchObject({ prefixed: [], bounded: "words" });
  });

  it("is bounded by the prefixes when they overflow the room the words leave", () => {
    const whole = Math.floor(TEXT_WINDOW * 0.75);
    const words = ids(50_000, whole);
    const window = tieredWindow(words, ids(60_000, TEXT_WINDOW + 1));
    expect(window.prefixed).toEqual(ids(60_000, TEXT_WINDOW - whole));
    expect(window.bounded).toBe("prefixes");
    expect(tieredWindow(words, ids(60_000, TEXT_WINDOW - whole)).bounded).toBeNull();
  });
});
