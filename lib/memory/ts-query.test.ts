import { describe, expect, it } from "vitest";
import { MAX_TERMS, MAX_TOKEN_CHARS } from "./fts-query";
import { toTsQuery } from "./ts-query";

describe("toTsQuery", () => {
  it("quotes each word; words are ANDed", () => {
    expect(toTsQuery("Read before Edit")).toBe("'Read' & 'before' & 'Edit'");
  });

  it("turns quoted text into a phrase, and keeps a word of several tokens whole for the parser", () => {
    expect(toTsQuery('"read before  edit" tests')).toBe("('read' <-> 'before' <-> 'edit') & 'tests'");
    expect(toTsQuery('tests "read before')).toBe("'tests' & ('read' <-> 'before')");
    expect(toTsQuery("lib/auth.ts read-before-edit")).toBe("'lib/auth.ts' & 'read-before-edit'");
  });

  it("makes a trailing * a prefix, when the last token is long enough", () => {
    expect(toTsQuery("verif*")).toBe("'verif':*");
    expect(toTsQuery("auth.tok**")).toBe("'auth.tok':*");
    expect(toTsQuery("re*")).toBe("'re'");
    expect(toTsQuery("été*")).toBe("'été':*");
  });

  it("escapes quotes and backslashes, so tsquery operators in the text stay inside lexemes", () => {
    expect(toTsQuery("edit & test | !read")).toBe("'edit' & 'test' & '!read'");
    expect(toTsQuery("a<->b:* (x)")).toBe("'a<->b:' & '(x)'");
    expect(toTsQuery("it's")).toBe("'it''s'");
    expect(toTsQuery("back\\slash'")).toBe("'back\\\\slash'''");
  });

  it("returns null when nothing searchable remains", () => {
    for (const text of ["", "  ", "'", "''", "&|!", ":*", "<->", "()", "🙂", "\u0000", '"'])
      expect(toTsQuery(text), JSON.stringify(text)).toBeNull();
  });

  it("drops words without a letter or digit, and repeated terms", () => {
    expect(toTsQuery("test & test ' Test")).toBe("'test' & 'Test'");
    expect(toTsQuery('"a & b"')).toBe("('a' <-> 'b')");
  });

  it("labels every lexeme with the weights asked for, after a prefix's *", () => {
    expect(toTsQuery("read-before-edit workflow", "B")).toBe("'read-before-edit':B & 'workflow':B");
    expect(toTsQuery('"deploy checks" verif*', "B")).toBe("('deploy':B <-> 'checks':B) & 'verif':*B");
  });

  it("reads a NUL, which PostgreSQL text cannot hold, as a space", () => {
    expect(toTsQuery("edit\u0000read")).toBe("'edit read'");
  });

  it(`keeps at most ${MAX_TERMS} words and cuts a long word to a prefix`, () => {
    const words = Array.from({ length: 40 }, (_, i) => `w${i}`);
    expect(toTsQuery(words.join(" "))!.split(" & ")).toHaveLength(MAX_TERMS);
    expect(toTsQuery("x".repeat(10_000))).toBe(`'${"x".repeat(MAX_TOKEN_CHARS)}':*`);
  });
});
