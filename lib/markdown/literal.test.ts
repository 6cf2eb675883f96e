import { describe, expect, it } from "vitest";
import { literalCode, literalText } from "@/lib/markdown/literal";

/** What a CommonMark code span holds: the text between the first backtick run and the next run of the same length. */
function codeSpanContent(markdown: string): string | null {
  const open = /^`+/.exec(markdown)?.[0];
  if (!open) return null;
  const rest = markdown.slice(open.length);
  const close = new RegExp(`(?<!\`)${open}(?!\`)`).exec(rest);
  if (!close) return null;
  const inner = rest.slice(0, close.index);
  return /^ .* $/.test(inner) && inner.trim() !== "" ? inner.slice(1, -1) : inner;
}

describe("literalText", () => {
  it("escapes every character that opens inline markup, so nothing becomes HTML, a link, code or emphasis", () => {
    expect(literalText("<script>alert(1)</script>")).toBe("\\<script\\>alert(1)\\</script\\>");
    expect(literalText('<img src=x onerror="alert(1)">')).toBe('\\<img src=x onerror="alert(1)"\\>');
    expect(literalText("[click](javascript:alert(1))")).toBe("\\[click\\](javascript:alert(1))");
    expect(literalText("![x](https://evil.example/t.png)")).toBe("\\!\\[x\\](https://evil.example/t.png)");
    expect(literalText("a `b` *c* _d_ ~~e~~ &amp; $x$")).toBe(
      "a \\`b\\` \\*c\\* \\_d\\_ \\~\\~e\\~\\~ \\&amp; \\$x\\$",
    );
    expect(literalText("back\\slash")).toBe("back\\\\slash");
  });

  it("keeps to one line and one table cell: line breaks, pipes and block markers are neutralised", () => {
    expect(literalText("ok\n# Owned\n| a | b |\r\n<div>")).toBe("ok \\# Owned \\| a \\| b \\| \\<div\\>");
    expect(literalText("a\u2028b\u0000c\u202Ed")).toBe("a b c d");
    expect(literalText("- item")).toBe("\\- item");
    expect(literalText("1. item")).toBe("1\\. item");
    expect(literalText("> quote")).toBe("\\> quote");
    expect(literalText("=====")).toBe("\\=====");
  });

  it("leaves plain names as they are", () => {
    expect(literalText("deep-manifest")).toBe("deep-manifest");
    expect(literalText("fix-range.v2")).toBe("fix-range.v2");
  });
});

describe("literalCode", () => {
  it("holds exactly the text, whatever runs of backticks it contains", () => {
    for (const text of [
      'claude -p "$STARLIGHT_PROMPT"',
      "a`b",
      "x``</code><script>alert(1)</script>",
      "`starts",
      "ends`",
      "``",
    ]) {
      const span = literalCode(text);
      expect(codeSpanContent(span), span).toBe(text);
      expect(span.includes("\n")).toBe(false);
    }
  });

  it("flattens line breaks so the span cannot be cut by a heading or a table row", () => {
    expect(codeSpanContent(literalCode("a\n# b\n| c |"))).toBe("a # b | c |");
    expect(literalCode(" \n ")).toBe("");
  });
});
