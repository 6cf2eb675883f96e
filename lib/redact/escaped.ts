/**
 * Secrets behind a layer of escaping: a JSON document held as a string inside JSON (a Codex tool output), a quoted
 * value written `\"…\"`, a shell's `'\''`. The rules read text as it is, so `"token": \"…\"` or a key followed by
 * `\\\"` slips past them. `redactEscaped` takes off up to three layers of escapes, keeping where each escape was,
 * runs the rules on the text and, around the escapes that may hide a secret, on each layer below it, and replaces
 * what they found in the text itself, so the escaping around it stays valid.
 */

/**
 * A text with one more layer of escapes taken off than its `parent`: the escape that became its character `at[k]`
 * was `length[k]` characters long, and `removed[k]` characters were taken out before it. `hiding`: where an escape
 * taken off may have hidden a secret from the layer above (see `hides`).
 */
interface Layer {
  text: string;
  parent: Layer | null;
  at: number[];
  length: number[];
  removed: number[];
  hiding: number[];
}

const SIMPLE: Record<string, string> = {
  '"': '"',
  "\\": "\\",
  "/": "/",
  "'": "'",
  n: "\n",
  r: "\r",
  t: "\t",
  b: "\b",
  f: "\f",
};
const ESCAPE = /'\\''|\\u([0-9a-fA-F]{4})|\\(["'\\/nrtbf])/g;
const LINE_BREAKS = new Set(["n", "r", "t", "b", "f"]);
const TOKEN = /^[\w+/=.-]{16}/;

/** Whether `text` holds an escape `redactEscaped` takes off. */
export const ESCAPED = /\\["'\\/nrtbfu]/;

/**
 * Whether an escape of `kind` (the character after its backslash), followed by `after`, may hide a secret: a quote,
 * a backslash, a `\u` or `\/` escape may; a line break, a tab (or `\b`, `\f`) only before a long token (`\nAKIA…`,
 * where the rules' word boundary finds none). The many `\n` of source code held as a string do not, so the layers
 * below them are read only around the escapes that matter.
 */
function hides(kind: string, after: string): boolean {
  return !LINE_BREAKS.has(kind) || TOKEN.test(after);
}

/** `parent` with one level of escapes taken off: JSON's backslash escapes and the shell's `'\''` for a quote. */
function unescape(parent: Layer): Layer {
  const layer: Layer = { text: "", parent, at: [], length: [], removed: [], hiding: [] };
  let removed = 0;
  layer.text = parent.text.replace(
    ESCAPE,
    (match: string, hex: string | undefined, simple: string | undefined, offset: number) => {
      const at = offset - removed;
      layer.at.push(at);
      layer.length.push(match.length);
      layer.removed.push(removed);
      removed += match.length - 1;
      const kind = hex !== undefined ? "u" : (simple ?? "'");
      if (hides(kind, parent.text.slice(offset + match.length, offset + match.length + 16))) layer.hiding.push(at);
      return hex !== undefined ? String.fromCharCode(parseInt(hex, 16)) : simple !== undefined ? SIMPLE[simple]! : "'";
    },
  );
  return layer;
}

/** How many escapes of `layer` became a character before `index`. */
function escapesBefore(layer: Layer, index: number): number {
  let low = 0;
  let high = layer.at.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (layer.at[mid]! < index) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** Where character `index` of `layer` begins in the text itself. */
function sourceStart(layer: Layer, index: number): number {
  if (layer.parent === null) return index;
  const k = escapesBefore(layer, index);
  const before = k === 0 ? 0 : layer.removed[k - 1]! + layer.length[k - 1]! - 1;
  return sourceStart(layer.parent, index + before);
}

/** Where character `index` of `layer` ends in the text itself. */
function sourceEnd(layer: Layer, index: number): number {
  if (layer.parent === null) return index + 1;
  const k = escapesBefore(layer, index);
  const escaped = layer.at[k] === index;
  const before = k === 0 ? 0 : layer.removed[k - 1]! + layer.length[k - 1]! - 1;
  return sourceEnd(layer.parent, index + before + (escaped ? layer.length[k]! - 1 : 0));
}

/** How far around an escape that may hide a secret a layer is read: a key, its separator and a long value. */
const REACH = 256;

/** The stretches of `layer` within REACH of an escape that may hide a secret, overlapping ones joined. */
function windows(layer: Layer): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  for (const at of layer.hiding) {
    const from = Math.max(0, at - REACH);
    const to = Math.min(layer.text.length, at + REACH);
    const last = out[out.length - 1];
    if (last !== undefined && from <= last[1]) last[1] = to;
    else out.push([from, to]);
  }
  return out;
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
    if (text.slice(run.start, found).replace(MARKER, "") !== "")
      spans.push({ start: run.start, end: found, marker: run.marker });
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
  let layer: Layer = { text, parent: null, at: [], length: [], removed: [], hiding: [] };
  const spans: Span[] = [];
  const find = (from: number, to: number) => {
    const piece = layer.text.slice(from, to);
    const redacted = redact(piece);
    if (redacted === piece) return;
    for (const span of replacedSpans(piece, redacted))
      spans.push({
        start: sourceStart(layer, from + span.start),
        end: sourceEnd(layer, from + span.end - 1),
        marker: span.marker,
      });
  };
  find(0, text.length);
  for (let depth = 1; depth <= 3 && ESCAPED.test(layer.text); depth++) {
    layer = unescape(layer);
    for (const [from, to] of windows(layer)) find(from, to);
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
