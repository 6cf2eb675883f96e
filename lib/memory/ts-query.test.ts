import { describe, expect, it } from "vitest";
import { MAX_TERMS, MAX_TOKEN_CHARS } from "./fts-query";
import { isOpen, memoryText, toTsQuery, tsPrefixWords } from "./ts-query";

/** The stemmed column's tsquery of complete text (no word being typed). */
const words = (text: string) => toTsQuery(text, { typing: false })?.words ?? null;

describe("toTsQuery", () => {
  it("quotes each word; words are ANDed", () => {
    expect(words("Read before Edit")).toBe("'Read' & 'before' & 'Edit'");
  });

  it("turns quoted text into a phrase, and a word of several parts into the phrase of them, as FTS5 splits it", () => {
    expect(words('"read before  edit" tests')).toBe("('read' <-> 'before' <-> 'edit') & 'tests'");
    expect(words('tests "read before')).toBe("'tests' & ('read' <-> 'before')");
    expect(words("lib/auth.ts read-before-edit")).toBe(
      "('lib' <-> 'auth' <-> 'ts') & ('read' <-> 'before' <-> 'edit')",
    );
    expect(words('"open lib/auth.ts" v1.2')).toBe("('open' <-> 'lib' <-> 'auth' <-> 'ts') & ('v1' <-> '2')");
  });

  it("opens the last word while it is typed: whole for the stemmed column, the start of words as written for the other", () => {
    expect(toTsQuery("deplo")).toEqual({ words: "'deplo'", prefixes: "'deplo':*", wholeTerms: null });
    expect(toTsQuery("edit deploy")).toEqual({
      words: "'edit' & 'deploy'",
      prefixes: "'edit' & 'deploy':*",
      wholeTerms: "'edit'",
    });
    expect(toTsQuery("read before ed")).toEqual({
      words: "'read' & 'before' & 'ed'",
      prefixes: null,
      wholeTerms: null,
    });
    expect(toTsQuery('deploy "to staging"')).toEqual({
      words: "'deploy' & ('to' <-> 'staging')",
      prefixes: null,
      wholeTerms: null,
    });
  });

  it("opens a word ending in *, when its last token is long enough", () => {
    expect(toTsQuery("verif*", { typing: false })).toEqual({
      words: "'verif'",
      prefixes: "'verif':*",
      wholeTerms: null,
    });
    expect(toTsQuery("operat* tsc", { typing: false })).toEqual({
      words: "'operat' & 'tsc'",
      prefixes: "'operat':* & 'tsc'",
      wholeTerms: "'tsc'",
    });
    expect(toTsQuery("auth.tok**")).toEqual({
      words: "('auth' <-> 'tok')",
      prefixes: "('auth' <-> 'tok':*)",
      wholeTerms: null,
    });
    expect(toTsQuery("re*")).toEqual({ words: "'re'", prefixes: null, wholeTerms: null });
    expect(toTsQuery("été*")?.prefixes).toBe("'été':*");
  });

  it("writes a prefix word that `terms` lists as the OR of the words it begins, open no longer", () => {
    const terms = new Map([
      ["edi", ["edit", "editing"]],
      ["deplo", []],
    ]);
    expect(toTsQuery("slotcart edi", { terms })).toEqual({
      words: "'slotcart' & 'edi'",
      prefixes: "'slotcart' & ('edit' | 'editing')",
      wholeTerms: "'slotcart' & ('edit' | 'editing')",
    });
    expect(isOpen(toTsQuery("slotcart edi", { terms })!.prefixes!)).toBe(false);
    expect(toTsQuery("edi* verif", { terms })).toEqual({
      words: "'edi' & 'verif'",
      prefixes: "('edit' | 'editing') & 'verif':*",
      wholeTerms: "('edit' | 'editing')",
    });
    expect(toTsQuery("edi", { terms: new Map([["edi", ["it's\\"]]]) })?.prefixes).toBe("('it''s\\\\')");
  });

  it("leaves no prefix query where a listed prefix word begins no word: nothing can match it", () => {
    expect(toTsQuery("verified deplo", { terms: new Map([["deplo", []]]) })).toEqual({
      words: "'verified' & 'deplo'",
      prefixes: null,
      wholeTerms: null,
    });
  });

  it("lists only a prefix word that is a part's only word, not cut short", () => {
    expect(tsPrefixWords("read auth.tok edi*")).toEqual(["edi"]);
    expect(tsPrefixWords('"deploy to" staging')).toEqual(["staging"]);
    expect(tsPrefixWords("read before ed")).toEqual([]);
    expect(tsPrefixWords("x".repeat(10_000))).toEqual([]);
    const terms = new Map([["tok", ["token"]]]);
    expect(toTsQuery("auth.tok", { terms })?.prefixes).toBe("('auth' <-> 'tok':*)");
  });

  it("cuts words at quotes, backslashes and every other mark, so no tsquery operator reaches a lexeme", () => {
    expect(words("edit & test | !read")).toBe("'edit' & 'test' & 'read'");
    expect(words("a<->b:* (x)")).toBe("('a' <-> 'b') & 'x'");
    expect(words("it's")).toBe("('it' <-> 's')");
    expect(words("back\\slash'")).toBe("('back' <-> 'slash')");
    expect(toTsQuery("x & y:*A | !'z")).toEqual({
      words: "'x' & ('y' <-> 'A') & 'z'",
      prefixes: null,
      wholeTerms: null,
    });
    expect(toTsQuery("x & y:*A | !'zed")?.prefixes).toBe("'x' & ('y' <-> 'A') & 'zed':*");
  });

  it("returns null when nothing searchable remains", () => {
    for (const text of ["", "  ", "'", "''", "&|!", ":*", "<->", "()", "🙂", "\u0000", '"'])
      expect(toTsQuery(text), JSON.stringify(text)).toBeNull();
  });

  it("drops words without a letter or digit, and repeated terms", () => {
    expect(words("test & test ' Test")).toBe("'test' & 'Test'");
    expect(words('"a & b"')).toBe("('a' <-> 'b')");
  });

  it("labels every lexeme of the stemmed column's query with the weights asked for, never the other's", () => {
    expect(toTsQuery("read-before-edit workflow", { typing: false, weights: "B" })).toEqual({
      words: "('read':B <-> 'before':B <-> 'edit':B) & 'workflow':B",
      prefixes: null,
      wholeTerms: null,
    });
    expect(toTsQuery('"deploy checks" verif*', { weights: "B" })).toEqual({
      words: "('deploy':B <-> 'checks':B) & 'verif':B",
      prefixes: "('deploy' <-> 'checks') & 'verif':*",
      wholeTerms: "('deploy' <-> 'checks')",
    });
  });

  it("reads a NUL, which PostgreSQL text cannot hold, as a separator", () => {
    expect(words("edit\u0000read")).toBe("('edit' <-> 'read')");
  });

  it(`keeps at most ${MAX_TERMS} words and cuts a long word to a prefix`, () => {
    const many = Array.from({ length: 40 }, (_, i) => `w${i}`);
    expect(words(many.join(" "))!.split(" & ")).toHaveLength(MAX_TERMS);
    expect(words(many.join("/"))!.split(" <-> ")).toHaveLength(MAX_TERMS);
    const cut = `'${"x".repeat(MAX_TOKEN_CHARS)}':*`;
    expect(toTsQuery("x".repeat(10_000))).toEqual({ words: cut, prefixes: cut, wholeTerms: null });
  });
});

describe("memoryText", () => {
  it("makes each ASCII punctuation mark one space, and nothing else, as PostgreSQL's memory_text does", () => {
    expect(memoryText("see lib/auth.ts (v1.2.3), a@b.io: don't `x_y` ~{}|\\")).toBe(
      "see lib auth ts  v1 2 3   a b io  don t  x y       ",
    );
    expect(memoryText("café — ünïcode… 🙂 tab\tnew\nline")).toBe("café — ünïcode… 🙂 tab\tnew\nline");
    const marks = Array.from({ length: 128 }, (_, i) => String.fromCharCode(i)).filter((c) => /[\p{P}\p{S}]/u.test(c));
    expect(marks).toHaveLength(32);
    expect(memoryText(marks.join(""))).toBe(" ".repeat(32));
  });
});
