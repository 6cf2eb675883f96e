/**
 * Secrets behind a layer of escaping: a JSON document held as a string inside JSON (a Codex tool output), a quoted
 * value written `\"…\"`, a shell's `'\''`. The rules read text as it is, so `"token": \"…\"` or a key followed by
 * `\\\"` slips past them. `redactEscaped` takes off up to three layers of escapes, keeping where each character of
 * the plainer text came from, runs the rules on each layer and replaces what they found in the text itself, so the
 * escaping around it stays valid.
 */

/** One layer of a text with its escapes taken off; `start[i]`, `end[i]`: the span of the text character `i` came from. */
interface Layer {
  text: string;
  start: number[];
  end: number[];
}

const SIMPLE: Record<string, string> = { '"': '"', "\\": "\\", "/": "/", "'": "'", n: "\n", r: "\r", t: "\t", b: "\b", f: "\f" };
const SHELL_QUOTE = "'\\''";

/** Whether `text` holds an escape `redactEscaped` takes off. */
export const ESCAPED = /\\["'\\/nrtbfu]/;

/** `layer` with one level of escapes taken off: JSON's backslash escapes and the shell's `'\''` for a quote. */
function unescape(layer: Layer): Layer {
  const { text } = layer;
  const out: string[] = [];
  const start: number[] = [];
  const end: number[] = [];
  const emit = (char: string, from: number, to: number) => {
    out.push(char);
    start.push(layer.start[from]!);
    end.push(layer.end[to - 1]!);
  };
  for (let i = 0; i < text.length; ) {
    if (text.startsWith(SHELL_QUOTE, i)) {
      emit("'", i, i + 4);
      i += 4;
      continue;
    }
    const c = text[i]!;
    const next = text[i + 1];
    if (c === "\\" && next === "u" && /^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) {
      emit(String.fromCharCode(parseInt(text.slice(i + 2, i + 6), 16)), i, i + 6);
      i += 6;
    } else if (c === "\\" && next !== undefined && next in SIMPLE) {
      emit(SIMPLE[next]!, i, i + 2);
      i += 2;
    } else {
      emit(c, i, i + 1);
      i += 1;
    }
  }
  return { text: out.join(""), start, end };
}

const MARKER = /\[REDACTED:[^\]\s]*\]/g;

interface Span {
  start: number;
  end: number;
  marker: string;
}

/**
 * Where `redacted` (`text` after redaction) replaced something, and with what: each run of markers stands for the text
 * between the pieces around it, found left to right. A span that was a marker already is left out.
 */
function replacedSpans(text: string, redacted: string): Span[] {
  const pieces = redacted.split(MARKER);
  const markers = redacted.match(MARKER) ?? [];
  const spans: Span[] = [];
  let at = pieces[0]!.length;
  let run: { start: number; marker: string } | null = null;
  for (let k = 0; k < markers.length; k++) {
    run ??= { start: at, marker: markers[k]! };
    const piece = pieces[k + 1]!;
    const last = k === markers.length - 1;
    if (piece === "" && !last) continue;
    const found = last ? text.length - piece.length : text.indexOf(piece, at + 1);
    if (found <= run.start) return spans;
    if (text.slice(run.start, found).replace(MARKER, "") !== "") spans.push({ start: run.start, end: found, marker: run.marker });
    at = found + piece.length;
    run = null;
  }
  return spans;
}

/**
 * `text` with what `redact` finds in it, and behind up to three layers of its escapes, replaced in place. Where
 * findings overlap (a plain pass that took `'\''` for a quoted value, the layer below that saw the value), their union
 * is replaced.
 */
export function redactEscaped(text: string, redact: (text: string) => string): string {
  // Indexes of UTF-16 code units, as string offsets are (Array.from(text) would count code points).
  let layer: Layer = { text, start: Array.from({ length: text.length }, (_, i) => i), end: Array.from({ length: text.length }, (_, i) => i + 1) };
  const spans: Span[] = [];
  for (let depth = 0; depth <= 3; depth++) {
    if (depth > 0) {
      if (!ESCAPED.test(layer.text)) break;
      layer = unescape(layer);
    }
    const redacted = redact(layer.text);
    if (redacted === layer.text) continue;
    for (const span of replacedSpans(layer.text, redacted)) spans.push({ start: layer.start[span.start]!, end: layer.end[span.end - 1]!, marker: span.marker });
  }
  if (spans.length === 0) return text;
  spans.sort((a, b) => a.start - b.start);
  const merged: Span[] = [];
  for (const span of spans) {
    const last = merged[merged.length - 1];
    if (last !== undefined && span.start < last.end) last.end = Math.max(last.end, span.end);
    else merged.push({ ...span });
  }
  let out = "";
  let at = 0;
  for (const { start, end, marker } of merged) {
    out += text.slice(at, start) + marker;
    at = end;
  }
  return out + text.slice(at);
}
