import { describe, expect, it } from "vitest";
import { allOf, pairsLookup, phrasePairs } from "./phrase-pairs";

describe("phrasePairs", () => {
  it("marks each two lexemes a phrase joins with <->, once", () => {
    expect(phrasePairs("'grep' <-> 'edit' <-> 'read'")).toEqual(["Xgrep edit", "Xedit read"]);
    expect(phrasePairs("'grep' <-> 'edit' & 'tool' & 'grep' <-> 'edit'")).toEqual(["Xgrep edit"]);
  });

  it("reads the lexemes of words the parser splits, and weighted ones", () => {
    expect(phrasePairs("'tool-us':B <-> 'tool':B <-> 'use':B & 'deploy'")).toEqual(["Xtool-us tool", "Xtool use"]);
  });

  it("marks two lexemes a position apart (a stop word between them) apart from neighbours", () => {
    expect(phrasePairs("'run' <2> 'test'")).toEqual(["Yrun test"]);
    expect(phrasePairs("'read' <2> 'edit' <-> 'file'")).toEqual(["Yread edit", "Xedit file"]);
  });

  it("leaves out pairs that need not be so near: a longer distance, a prefix, a parenthesis", () => {
    expect(phrasePairs("'read' <3> 'edit'")).toEqual([]);
    expect(phrasePairs("'read' <-> 'edi':*")).toEqual([]);
    expect(phrasePairs("( 'read' <-> 'edit' ) <-> 'test'")).toEqual(["Xread edit"]);
    expect(phrasePairs("'deploy' & 'stage'")).toEqual([]);
  });

  it("gives none for a query with a negation or an alternative", () => {
    expect(phrasePairs("'a' <-> 'b' | 'c'")).toEqual([]);
    expect(phrasePairs("'a' <-> 'b' & !'c'")).toEqual([]);
  });

  it("reads quotes and backslashes inside lexemes, and writes them back as a tsquery literal", () => {
    const marks = phrasePairs(String.raw`'o''neil' <-> 'a\\b'`);
    expect(marks).toEqual([String.raw`Xo'neil a\b`]);
    expect(allOf(marks)).toBe(String.raw`'Xo''neil a\\b'`);
  });
});

describe("pairsLookup", () => {
  it("asks for the pairs and each other whole lexeme, without weights, once", () => {
    expect(pairsLookup("'one' & 'content':B <-> 'creation':B")).toEqual(["Xcontent creation", "one"]);
    expect(pairsLookup("'read' & 'grep' <-> 'edit' <-> 'read' & 'test':B & 'test'")).toEqual(["Xgrep edit", "Xedit read", "read", "test"]);
    expect(pairsLookup("'run' <2> 'test' & 'longword':*")).toEqual(["Yrun test"]);
  });

  it("asks for nothing without a pair, or with an alternative or a negation", () => {
    expect(pairsLookup("'deploy' & 'stage'")).toEqual([]);
    expect(pairsLookup("'a' <-> 'b' | 'c'")).toEqual([]);
    expect(pairsLookup("'a' <-> 'b' & !'c'")).toEqual([]);
  });
});
