import { describe, expect, it } from "vitest";
import { allOf, pairsLookup } from "./phrase-pairs";

describe("pairsLookup", () => {
  it("marks each two lexemes a phrase joins with <->, once", () => {
    expect(pairsLookup("'grep' <-> 'edit' <-> 'read'")).toEqual(["Xgrep edit", "Xedit read"]);
    expect(pairsLookup("'grep' <-> 'edit' & 'tool' & 'grep' <-> 'edit'")).toEqual(["Xgrep edit", "tool"]);
  });

  it("reads the lexemes of words the parser splits, and weighted ones", () => {
    expect(pairsLookup("'tool-us':B <-> 'tool':B <-> 'use':B & 'deploy'")).toEqual([
      "Xtool-us tool",
      "Xtool use",
      "deploy",
    ]);
  });

  it("marks two lexemes a position apart (a stop word between them) apart from neighbours", () => {
    expect(pairsLookup("'run' <2> 'test'")).toEqual(["Yrun test"]);
    expect(pairsLookup("'read' <2> 'edit' <-> 'file'")).toEqual(["Yread edit", "Xedit file"]);
  });

  it("leaves out pairs that need not be so near: a longer distance, a prefix, a parenthesis", () => {
    expect(pairsLookup("'read' <3> 'edit'")).toEqual([]);
    expect(pairsLookup("'read' <-> 'edi':*")).toEqual([]);
    expect(pairsLookup("( 'read' <-> 'edit' ) <-> 'test'")).toEqual(["Xread edit", "test"]);
    expect(pairsLookup("'deploy' & 'stage'")).toEqual([]);
  });

  it("asks for the pairs and each other whole lexeme, without weights, once", () => {
    expect(pairsLookup("'one' & 'content':B <-> 'creation':B")).toEqual(["Xcontent creation", "one"]);
    expect(pairsLookup("'read' & 'grep' <-> 'edit' <-> 'read' & 'test':B & 'test'")).toEqual([
      "Xgrep edit",
      "Xedit read",
      "read",
      "test",
    ]);
    expect(pairsLookup("'run' <2> 'test' & 'longword':*")).toEqual(["Yrun test"]);
  });

  it("gives none for a query with a negation or an alternative", () => {
    expect(pairsLookup("'a' <-> 'b' | 'c'")).toEqual([]);
    expect(pairsLookup("'a' <-> 'b' & !'c'")).toEqual([]);
  });

  it("reads quotes and backslashes inside lexemes, and writes them back as a tsquery literal", () => {
    const marks = pairsLookup(String.raw`'o''neil' <-> 'a\\b'`);
    expect(marks).toEqual([String.raw`Xo'neil a\b`]);
    expect(allOf(marks)).toBe(String.raw`'Xo''neil a\\b'`);
  });
});
