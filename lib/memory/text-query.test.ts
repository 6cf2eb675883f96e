import { describe, expect, it } from "vitest";
import { ftsSearchText, ftsWalkText, tsSearchText } from "./text-query";

describe("ftsSearchText", () => {
  it("puts the words on content and tags, and the tag, complete, on the tags, in both expressions", () => {
    expect(ftsSearchText("deplo", undefined)).toEqual({
      words: { words: '"deplo"', prefixes: '"deplo"*' },
      query: { words: '{content tags} : ("deplo")', prefixes: '{content tags} : ("deplo"*)' },
    });
    expect(ftsSearchText("edit", "read-before-edit").query).toEqual({
      words: '{content tags} : ("edit") AND tags : ("read before edit")',
      prefixes: '{content tags} : ("edit"*) AND tags : ("read before edit")',
    });
  });

  it("searches a tag alone as a complete word, and nothing for a query without words", () => {
    expect(ftsSearchText(undefined, "deploy")).toEqual({
      words: null,
      query: { words: 'tags : ("deploy")', prefixes: null },
    });
    expect(ftsSearchText(")))", undefined)).toEqual({ words: null, query: null });
    expect(ftsSearchText(undefined, undefined)).toEqual({ words: null, query: null });
  });
});

describe("ftsWalkText", () => {
  const pairs = new Map([
    ["grep edit read", ["4grepedit4", "4editread4"]],
    ["auth ts", ["4auth2"]],
    ["read before edit", ["4readbefor5", "5beforedit4"]],
  ]);

  it("reads the words' phrases found in the pairs through the pairs column, in their order, and leaves the rest as ftsSearchText has them", () => {
    expect(ftsWalkText('deploy "grep edit read" auth.ts', undefined, pairs)).toBe(
      '{content tags} : ("deploy") AND pairs : "4grepedit4 4editread4" AND pairs : "4auth2"',
    );
    expect(ftsWalkText('"grep edit read"', undefined, pairs)).toBe('pairs : "4grepedit4 4editread4"');
    expect(ftsWalkText('"run tests" deploy', undefined, pairs)).toBe(
      ftsSearchText('"run tests" deploy', undefined).query?.words,
    );
  });

  it("keeps a tag's phrase on the tags column, and a phrase without pairs whole", () => {
    expect(ftsWalkText("edit", "read-before-edit", pairs)).toBe(
      '{content tags} : ("edit") AND tags : ("read before edit")',
    );
    expect(ftsWalkText("auth.ts", undefined, new Map([["auth ts", []]]))).toBe('{content tags} : ("auth ts")');
    expect(ftsWalkText(undefined, undefined, pairs)).toBeNull();
  });
});

describe("tsSearchText", () => {
  it("weighs the tag to the tags in the stemmed column only", () => {
    expect(tsSearchText("deplo", "ops").query).toEqual({
      words: "('deplo') & ('ops':B)",
      prefixes: "('deplo':*) & ('ops')",
      wholeTerms: "('ops')",
    });
    expect(tsSearchText("edit deplo", "ops").query).toMatchObject({ wholeTerms: "('edit') & ('ops')" });
    expect(tsSearchText("edit deplo", undefined).query).toMatchObject({ wholeTerms: "('edit')" });
    expect(tsSearchText("read before ed", "ops").query).toMatchObject({ wholeTerms: null });
    expect(tsSearchText(undefined, "ops")).toEqual({
      words: null,
      query: { words: "('ops':B)", prefixes: null, wholeTerms: null },
    });
    expect(tsSearchText("'", undefined)).toEqual({ words: null, query: null });
  });
});
