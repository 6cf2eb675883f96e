import { describe, expect, it } from "vitest";
import { MAX_TERMS, MAX_TOKEN_CHARS, MIN_PREFIX_CHARS, toFtsQuery } from "./fts-query";

describe("toFtsQuery", () => {
  it("quotes each lowercased word; words are ANDed", () => {
    expect(toFtsQuery("Read before Edit")).toBe('"read" "before" "edit"');
  });

  it("turns quoted text into a phrase", () => {
    expect(toFtsQuery('"read before edit" tests')).toBe('"read before edit" "tests"');
  });

  it("runs an unclosed quote to the end of the text", () => {
    expect(toFtsQuery('tests "read before')).toBe('"tests" "read before"');
  });

  it("makes a word ending in * a prefix query", () => {
    expect(toFtsQuery("verif*")).toBe('"verif"*');
    expect(toFtsQuery("auth.tok*")).toBe('"auth tok"*');
  });

  it(`searches a prefix shorter than ${MIN_PREFIX_CHARS} characters as a whole word`, () => {
    expect(toFtsQuery("re*")).toBe('"re"');
    expect(toFtsQuery("auth.t*")).toBe('"auth t"');
    expect(toFtsQuery("rea*")).toBe('"rea"*');
    expect(toFtsQuery("été*")).toBe('"été"*');
  });

  it("keeps a word made of several tokens together as a phrase", () => {
    expect(toFtsQuery("lib/auth.ts read-before-edit")).toBe('"lib auth ts" "read before edit"');
  });

  it("treats FTS5 operators and syntax as plain words or separators", () => {
    expect(toFtsQuery("edit AND test OR NOT read")).toBe('"edit" "and" "test" "or" "not" "read"');
    expect(toFtsQuery("NEAR(edit test, 2)")).toBe('"near edit" "test" "2"');
    expect(toFtsQuery("content:x tags:y")).toBe('"content x" "tags y"');
    expect(toFtsQuery("^start +plus -minus")).toBe('"start" "plus" "minus"');
    expect(toFtsQuery("(edit")).toBe('"edit"');
  });

  it("returns null when nothing searchable remains", () => {
    for (const text of ["", "   ", "\t\n", '"', '""', "*", ")))", "(", "🙂🚀", "\u0000\u0007\u001b", "-- ; '", "\u0301"]) {
      expect(toFtsQuery(text), JSON.stringify(text)).toBeNull();
    }
  });

  it("drops emoji and control characters between words", () => {
    expect(toFtsQuery("deploy🚀fix\u0000now")).toBe('"deploy fix now"');
  });

  it("keeps letters of any script and diacritics (unicode61 folds them)", () => {
    expect(toFtsQuery("Café データ")).toBe('"café" "データ"');
  });

  it("reads an SQL-looking query as words", () => {
    expect(toFtsQuery("'; DROP TABLE memories; --")).toBe('"drop" "table" "memories"');
  });

  it("never lets a quote through unescaped", () => {
    const query = toFtsQuery('a"b"c""d')!;
    expect(query).toBe('"a" "b" "c" "d"');
  });

  it("drops repeated terms", () => {
    expect(toFtsQuery("test test Test")).toBe('"test"');
  });

  it(`keeps at most ${MAX_TERMS} tokens, cutting a phrase if needed`, () => {
    const words = Array.from({ length: 40 }, (_, i) => `w${i}`);
    const query = toFtsQuery(words.join(" "))!;
    expect(query.split(" ")).toHaveLength(MAX_TERMS);
    expect(toFtsQuery(`"${words.join(" ")}"`)).toBe(`"${words.slice(0, MAX_TERMS).join(" ")}"`);
  });

  it("cuts a 10,000-character query without failing", () => {
    expect(toFtsQuery("x".repeat(10_000))).toBe(`"${"x".repeat(MAX_TOKEN_CHARS)}"*`);
    expect(toFtsQuery("ab ".repeat(3_400))).toBe('"ab"');
    expect(toFtsQuery("(".repeat(10_000))).toBeNull();
  });
});
