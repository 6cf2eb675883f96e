import { describe, expect, it } from "vitest";
import {
  ftsPhrases,
  toFtsWalk,
  MAX_TERMS,
  MAX_TOKEN_CHARS,
  MIN_PREFIX_CHARS,
  openPrefixes,
  queryParts,
  toFtsQuery,
} from "./fts-query";

/** The stemmed index's expression of complete text (no word being typed). */
const words = (text: string) => toFtsQuery(text, false)?.words ?? null;

describe("toFtsQuery", () => {
  it("quotes each lowercased word; words are ANDed", () => {
    expect(words("Read before Edit")).toBe('"read" "before" "edit"');
  });

  it("turns quoted text into a phrase", () => {
    expect(words('"read before edit" tests')).toBe('"read before edit" "tests"');
  });

  it("runs an unclosed quote to the end of the text", () => {
    expect(words('tests "read before')).toBe('"tests" "read before"');
  });

  it("opens the last word while it is typed: whole in the stemmed index, the start of words as written in the other", () => {
    expect(toFtsQuery("deplo")).toEqual({ words: '"deplo"', prefixes: '"deplo"*' });
    expect(toFtsQuery("read before ed")).toEqual({ words: '"read" "before" "ed"', prefixes: null });
    expect(toFtsQuery("edit deploy")).toEqual({ words: '"edit" "deploy"', prefixes: '"edit" AND "deploy"*' });
    expect(toFtsQuery("deploy  ")).toEqual({ words: '"deploy"', prefixes: '"deploy"*' });
    expect(toFtsQuery("lib/auth.tok")).toEqual({ words: '"lib auth tok"', prefixes: '"lib auth tok"*' });
  });

  it("writes a prefix word as the words it begins, when they are listed", () => {
    const terms = new Map([
      ["deplo", ["deploy", "deployment"]],
      ["zz", ["zzz"]],
      ["none", []],
    ]);
    expect(toFtsQuery("edit deplo", true, terms)).toEqual({
      words: '"edit" "deplo"',
      prefixes: '"edit" AND ("deploy" OR "deployment")',
    });
    expect(toFtsQuery("deplo* x", false, terms)?.prefixes).toBe('("deploy" OR "deployment") AND "x"');
    expect(toFtsQuery("none", true, terms)?.prefixes).toBe('"none"*');
    expect(toFtsQuery("lib.deplo", true, terms)?.prefixes).toBe('"lib deplo"*');
  });

  it("leaves a phrase closed, and everything closed in complete text", () => {
    expect(toFtsQuery('deploy "to staging"')).toEqual({ words: '"deploy" "to staging"', prefixes: null });
    expect(toFtsQuery('deploy "to stag')).toEqual({ words: '"deploy" "to stag"', prefixes: null });
    expect(toFtsQuery("deploy", false)).toEqual({ words: '"deploy"', prefixes: null });
  });

  it("opens a word ending in * wherever it is", () => {
    expect(toFtsQuery("verif* tsc", false)).toEqual({ words: '"verif" "tsc"', prefixes: '"verif"* AND "tsc"' });
    expect(toFtsQuery("operat*")).toEqual({ words: '"operat"', prefixes: '"operat"*' });
    expect(toFtsQuery("auth.tok*", false)).toEqual({ words: '"auth tok"', prefixes: '"auth tok"*' });
  });

  it(`searches a prefix shorter than ${MIN_PREFIX_CHARS} characters as a whole word only`, () => {
    expect(toFtsQuery("re*")).toEqual({ words: '"re"', prefixes: null });
    expect(toFtsQuery("de")).toEqual({ words: '"de"', prefixes: null });
    expect(toFtsQuery("auth.t*")).toEqual({ words: '"auth t"', prefixes: null });
    expect(toFtsQuery("rea*")?.prefixes).toBe('"rea"*');
    expect(toFtsQuery("été*")?.prefixes).toBe('"été"*');
  });

  it("keeps a word made of several tokens together as a phrase", () => {
    expect(words("lib/auth.ts read-before-edit")).toBe('"lib auth ts" "read before edit"');
  });

  it("treats FTS5 operators and syntax as plain words or separators, in both expressions", () => {
    expect(words("edit AND test OR NOT read")).toBe('"edit" "and" "test" "or" "not" "read"');
    expect(words("NEAR(edit test, 2)")).toBe('"near edit" "test" "2"');
    expect(words("content:x tags:y")).toBe('"content x" "tags y"');
    expect(words("^start +plus -minus")).toBe('"start" "plus" "minus"');
    expect(words("(edit")).toBe('"edit"');
    expect(toFtsQuery("NOT scope:p1 OR")).toEqual({ words: '"not" "scope p1" "or"', prefixes: null });
    expect(toFtsQuery("x OR NEAR(abc")?.prefixes).toBe('"x" AND "or" AND "near abc"*');
  });

  it("returns null when nothing searchable remains", () => {
    for (const text of [
      "",
      "   ",
      "\t\n",
      '"',
      '""',
      "*",
      ")))",
      "(",
      "🙂🚀",
      "\u0000\u0007\u001b",
      "-- ; '",
      "\u0301",
    ]) {
      expect(toFtsQuery(text), JSON.stringify(text)).toBeNull();
    }
  });

  it("drops emoji and control characters between words", () => {
    expect(words("deploy🚀fix\u0000now")).toBe('"deploy fix now"');
  });

  it("keeps letters of any script and diacritics (unicode61 folds them)", () => {
    expect(toFtsQuery("Café データ")).toEqual({ words: '"café" "データ"', prefixes: '"café" AND "データ"*' });
  });

  it("reads an SQL-looking query as words", () => {
    expect(words("'; DROP TABLE memories; --")).toBe('"drop" "table" "memories"');
  });

  it("never lets a quote through unescaped", () => {
    expect(toFtsQuery('a"b"c""d')).toEqual({ words: '"a" "b" "c" "d"', prefixes: null });
    expect(toFtsQuery('abc"d"efg')).toEqual({ words: '"abc" "d" "efg"', prefixes: '"abc" AND "d" AND "efg"*' });
  });

  it("drops repeated terms", () => {
    expect(words("test test Test")).toBe('"test"');
    expect(toFtsQuery("test test")).toEqual({ words: '"test"', prefixes: '"test" AND "test"*' });
  });

  it(`keeps at most ${MAX_TERMS} tokens, cutting a phrase if needed`, () => {
    const many = Array.from({ length: 40 }, (_, i) => `w${i}`);
    expect(words(many.join(" "))!.split(" ")).toHaveLength(MAX_TERMS);
    expect(words(`"${many.join(" ")}"`)).toBe(`"${many.slice(0, MAX_TERMS).join(" ")}"`);
    expect(toFtsQuery(many.join(" "))?.prefixes).toBeNull();
  });

  it("cuts a 10,000-character query without failing, a long word searched by its start", () => {
    const cut = `"${"x".repeat(MAX_TOKEN_CHARS)}"*`;
    expect(toFtsQuery("x".repeat(10_000))).toEqual({ words: cut, prefixes: cut });
    expect(words("ab ".repeat(3_400))).toBe('"ab"');
    expect(toFtsQuery("(".repeat(10_000))).toBeNull();
  });
});

describe("queryParts", () => {
  it("marks the last bare word as typed, not a phrase", () => {
    expect(queryParts('a "b c" d', true).map((part) => part.prefix)).toEqual([false, false, true]);
    expect(queryParts('a "b c"', true).map((part) => part.prefix)).toEqual([false, false]);
    expect(queryParts('a "b c" ', true).map((part) => part.prefix)).toEqual([false, false]);
    expect(queryParts("a* b", false).map((part) => part.prefix)).toEqual([true, false]);
  });
});

describe("openPrefixes", () => {
  it("lists the last token of each open prefix word", () => {
    expect(openPrefixes("Verif* tsc Deplo")).toEqual(["verif", "deplo"]);
    expect(openPrefixes('re* "deploy to" ed')).toEqual([]);
    expect(openPrefixes("lib/auth.tok")).toEqual(["tok"]);
  });
});

describe("ftsPhrases", () => {
  it("is each quoted run of words and each word of several tokens, as the words expression holds it", () => {
    expect(ftsPhrases('"Read before edit" auth.ts deploy')).toEqual(["read before edit", "auth ts"]);
    expect(ftsPhrases("fix read-before-edit")).toEqual(["read before edit"]);
    expect(ftsPhrases('"deploy checks')).toEqual(["deploy checks"]);
    for (const text of ["", "deploy", "read edit", '"deploy"', "*", "🙂 deploy"])
      expect(ftsPhrases(text), text).toEqual([]);
  });

  it("keeps what the budget keeps, and leaves out a phrase whose last word is cut into a prefix", () => {
    const words = Array.from({ length: MAX_TERMS + 4 }, (_, i) => `w${i}`);
    expect(ftsPhrases(`"${words.join(" ")}"`)).toEqual([words.slice(0, MAX_TERMS).join(" ")]);
    expect(ftsPhrases(`"alpha ${"b".repeat(MAX_TOKEN_CHARS + 1)}"`)).toEqual([]);
    expect(ftsPhrases(`"${"a".repeat(MAX_TOKEN_CHARS + 1)} beta"`)).toEqual([`${"a".repeat(MAX_TOKEN_CHARS)} beta`]);
  });
});

describe("toFtsWalk", () => {
  it("writes the phrases it is given pairs for as phrases of those pairs, once, and the rest as toFtsQuery's words", () => {
    const pairs = new Map([["grep edit", ["4grepedit4"]]]);
    expect(toFtsWalk('"grep edit" deploy "grep edit" dep', true, pairs)).toEqual({
      words: '"deploy" "dep"',
      pairs: ['"4grepedit4"'],
    });
    expect(toFtsWalk('"grep edit"', true, pairs)).toEqual({ words: null, pairs: ['"4grepedit4"'] });
    expect(toFtsWalk('"grep edit" deploy', true, new Map())).toEqual({
      words: toFtsQuery('"grep edit" deploy')?.words,
      pairs: [],
    });
  });
});
