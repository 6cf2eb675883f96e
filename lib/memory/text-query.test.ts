import { describe, expect, it } from "vitest";
import { ftsSearchText, tsSearchText } from "./text-query";

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
    expect(ftsSearchText(undefined, "deploy")).toEqual({ words: null, query: { words: 'tags : ("deploy")', prefixes: null } });
    expect(ftsSearchText(")))", undefined)).toEqual({ words: null, query: null });
    expect(ftsSearchText(undefined, undefined)).toEqual({ words: null, query: null });
  });
});

describe("tsSearchText", () => {
  it("weighs the tag to the tags in the stemmed column only", () => {
    expect(tsSearchText("deplo", "ops").query).toEqual({ words: "('deplo') & ('ops':B)", prefixes: "('deplo':*) & ('ops')" });
    expect(tsSearchText(undefined, "ops")).toEqual({ words: null, query: { words: "('ops':B)", prefixes: null } });
    expect(tsSearchText("'", undefined)).toEqual({ words: null, query: null });
  });
});
