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
