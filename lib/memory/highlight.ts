import { HIGHLIGHT_END, HIGHLIGHT_START } from "./contract";

/** A run of snippet text, marked when it matched the query. */
export interface HighlightPart {
  text: string;
  mark: boolean;
}

/**
 * Splits a snippet with HIGHLIGHT_START/END markers into plain and marked runs, for rendering as text and
 * <mark> elements. Forgiving: a stray end marker is dropped, an unclosed start marks to the end, nested
 * starts count once, empty runs vanish and neighbouring runs of the same kind merge.
 */
export function splitHighlights(snippet: string): HighlightPart[] {
  const parts: HighlightPart[] = [];
  let mark = false;
  let text = "";
  const flush = () => {
    if (text === "") return;
    const last = parts[parts.length - 1];
    if (last && last.mark === mark) last.text += text;
    else parts.push({ text, mark });
    text = "";
  };
  for (const char of snippet) {
    if (char === HIGHLIGHT_START || char === HIGHLIGHT_END) {
      const next = char === HIGHLIGHT_START;
      if (next !== mark) {
        flush();
        mark = next;
      }
    } else {
      text += char;
    }
  }
  flush();
  return parts;
}

const WORD = /[\p{L}\p{N}\p{M}\p{Co}]+/gu;
/** Lowercased without diacritics, as the unicode61 tokenizer compares words. */
const fold = (text: string) => text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();

/**
 * Marks the words of a snippet that begin with one of `prefixes` (the prefix words of a query, fts-query.ts
 * `openPrefixes`) and are not marked yet. A stemmed index marks the words it matched by their stem: a prefix word
 * also matches the words it begins as written ("verif" in "verified"), which it does not mark.
 */
export function markPrefixes(snippet: string, prefixes: readonly string[]): string {
  if (prefixes.length === 0) return snippet;
  const starts = prefixes.map(fold);
  let marked = false;
  return snippet
    .split(/([\u0002\u0003])/u)
    .map((piece) => {
      if (piece === HIGHLIGHT_START || piece === HIGHLIGHT_END) {
        marked = piece === HIGHLIGHT_START;
        return piece;
      }
      if (marked) return piece;
      return piece.replace(WORD, (word) =>
        starts.some((start) => fold(word).startsWith(start)) ? `${HIGHLIGHT_START}${word}${HIGHLIGHT_END}` : word,
      );
    })
    .join("");
}

/** A piece of a snippet: a backtick code span, or the text between spans, as its plain and marked runs. */
export interface SnippetSegment {
  code: boolean;
  runs: HighlightPart[];
}

/**
 * `parts` cut at their backticks into code spans (text between backticks, as knowledge memories quote commands and
 * paths) and the text between them, the backticks dropped: a span with marks inside stays one span. Only when the
 * snippet's backticks pair up, or a snippet cut short (ending in `…`) leaves its last span open, which then runs to
 * its end: text a person wrote with an odd count stays as it is.
 */
export function withCodeSpans(parts: readonly HighlightPart[]): SnippetSegment[] {
  const ticks = parts.reduce((n, part) => n + (part.text.match(/`/g)?.length ?? 0), 0);
  const cutInSpan = ticks % 2 === 1 && (parts.at(-1)?.text.endsWith("…") ?? false);
  if (ticks === 0 || (ticks % 2 === 1 && !cutInSpan))
    return parts.length === 0 ? [] : [{ code: false, runs: [...parts] }];
  const out: SnippetSegment[] = [{ code: false, runs: [] }];
  for (const part of parts) {
    part.text.split("`").forEach((text, i) => {
      if (i > 0) out.push({ code: !out.at(-1)!.code, runs: [] });
      if (text !== "") out.at(-1)!.runs.push({ text, mark: part.mark });
    });
  }
  return out.filter((segment) => segment.runs.length > 0);
}
