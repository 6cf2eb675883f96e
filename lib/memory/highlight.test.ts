import { describe, expect, it } from "vitest";
import { HIGHLIGHT_END as E, HIGHLIGHT_START as S } from "./contract";
import { markPrefixes, splitHighlights, withCodeSpans } from "./highlight";

describe("splitHighlights", () => {
  it("returns plain text as one unmarked part", () => {
    expect(splitHighlights("read before you edit")).toEqual([{ text: "read before you edit", mark: false }]);
  });

  it("marks the runs between the markers", () => {
    expect(splitHighlights(`read ${S}before${E} you ${S}edit${E}`)).toEqual([
      { text: "read ", mark: false },
      { text: "before", mark: true },
      { text: " you ", mark: false },
      { text: "edit", mark: true },
    ]);
  });

  it("gives nothing for an empty snippet or markers around nothing", () => {
    expect(splitHighlights("")).toEqual([]);
    expect(splitHighlights(`${S}${E}`)).toEqual([]);
  });

  it("merges adjacent marked runs", () => {
    expect(splitHighlights(`${S}edit${E}${S}ing${E} files`)).toEqual([
      { text: "editing", mark: true },
      { text: " files", mark: false },
    ]);
  });

  it("drops a stray end marker and marks an unclosed start to the end", () => {
    expect(splitHighlights(`a${E}b ${S}c`)).toEqual([
      { text: "ab ", mark: false },
      { text: "c", mark: true },
    ]);
  });

  it("counts nested starts once", () => {
    expect(splitHighlights(`${S}x${S}y${E}z`)).toEqual([
      { text: "xy", mark: true },
      { text: "z", mark: false },
    ]);
  });

  it("keeps markup-looking text and emoji as text", () => {
    expect(splitHighlights(`<b>${S}🚀${E}</b>`)).toEqual([
      { text: "<b>", mark: false },
      { text: "🚀", mark: true },
      { text: "</b>", mark: false },
    ]);
  });
});

describe("markPrefixes", () => {
  it("marks the unmarked words a prefix begins, as written and without diacritics", () => {
    expect(markPrefixes(`${S}Verification${E} with tsc: verified, unverified.`, ["verif"])).toBe(
      `${S}Verification${E} with tsc: ${S}verified${E}, unverified.`,
    );
    expect(markPrefixes("Déploiement, DEPLOYED", ["deplo"])).toBe(`${S}Déploiement${E}, ${S}DEPLOYED${E}`);
  });

  it("leaves marked words and a snippet without prefixes as they are", () => {
    expect(markPrefixes(`${S}deploy${E} deployment`, [])).toBe(`${S}deploy${E} deployment`);
    expect(markPrefixes(`${S}deploy deployed${E} deployment`, ["deploy"])).toBe(
      `${S}deploy deployed${E} ${S}deployment${E}`,
    );
  });
});

describe("withCodeSpans", () => {
  const code = (snippet: string) =>
    withCodeSpans(splitHighlights(snippet)).map((segment) =>
      segment.runs.map((p) => `${segment.code ? "C" : ""}${p.mark ? "M" : ""}:${p.text}`).join(" | "),
    );

  it("splits paired backtick spans out as code, across marked runs, and drops the backticks", () => {
    expect(code("Tests: `uv run \u0002pytest\u0003 -x` ran 3 times")).toEqual([
      ":Tests: ",
      "C:uv run  | CM:pytest | C: -x",
      ": ran 3 times",
    ]);
  });

  it("keeps a span whose words are marked apart as one span, and spans side by side apart", () => {
    expect(code("Run `python \u0002diverse\u0003_\u0002ai\u0003.\u0002py\u0003` ×3, `pip`")).toEqual([
      ":Run ",
      "C:python  | CM:diverse | C:_ | CM:ai | C:. | CM:py",
      ": ×3, ",
      "C:pip",
    ]);
    expect(code("`a``b`")).toEqual(["C:a", "C:b"]);
  });

  it("lets the last span of a snippet cut short run to its end", () => {
    expect(code("…`python a.py` ×3, `pip install -r…")).toEqual([
      ":…",
      "CM:python | C: a.py",
      ": ×3, ",
      "C:pip install -r…",
    ]);
  });

  it("leaves text with unpaired backticks, or none, as it is", () => {
    expect(code("a ` stray tick")).toEqual([":a ` stray tick"]);
    expect(code("plain")).toEqual([":plain"]);
    expect(code("")).toEqual([]);
  });
});
