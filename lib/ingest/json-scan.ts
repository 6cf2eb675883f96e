import type { Steps } from "@/lib/cooperate";

/**
 * Line numbers for values inside a JSON text that is already known to be valid: a single pass that
 * tracks strings, escapes and nesting depth, so errors about the n-th element of an array can name the
 * line where that element starts.
 */

const QUOTE = 34; // "
const BACKSLASH = 92;
const NEWLINE = 10;
const COLON = 58;
const COMMA = 44;

function isSpace(ch: number): boolean {
  return ch === 32 || ch === 9 || ch === 13 || ch === NEWLINE;
}

/** 1-based line of the first non-whitespace character (where the root value starts). */
export function firstValueLine(text: string): number {
  let line = 1;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (ch === NEWLINE) line++;
    else if (!isSpace(ch)) break;
  }
  return line;
}

/**
 * Start lines of the elements of the root array, or, when `key` is given, of the array held by the root
 * object's property `key` (e.g. `{"top_patterns": [...]}`). Index i of the result is element i's line.
 */
export function elementStartLines(text: string, key?: string): number[] {
  const lines: number[] = [];
  const targetDepth = key === undefined ? 1 : 2;
  let line = 1;
  let depth = 0;
  let inString = false;
  let escaped = false;
  let stringStart = 0;
  let lastDepth1String: string | null = null;
  let keyAtDepth1: string | null = null;
  let inTarget = false;
  let targetDone = false;
  let expectElement = false;

  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (escaped) escaped = false;
      else if (ch === BACKSLASH) escaped = true;
      else if (ch === QUOTE) {
        inString = false;
        if (depth === 1 && key !== undefined) lastDepth1String = text.slice(stringStart, i);
      }
      continue;
    }
    if (ch === NEWLINE) {
      line++;
      continue;
    }
    if (isSpace(ch)) continue;
    if (expectElement) {
      expectElement = false;
      if (ch !== 93) lines.push(line); // not "]": an element starts here
    }
    switch (ch) {
      case QUOTE:
        inString = true;
        stringStart = i + 1;
        break;
      case COLON:
        if (depth === 1) keyAtDepth1 = lastDepth1String;
        break;
      case COMMA:
        if (inTarget && depth === targetDepth) expectElement = true;
        if (depth === 1) keyAtDepth1 = null;
        break;
      case 123: // {
      case 91: // [
        depth++;
        if (ch === 91 && !targetDone && depth === targetDepth && (key === undefined || keyAtDepth1 === key)) {
          inTarget = true;
          expectElement = true;
        }
        break;
      case 125: // }
      case 93: // ]
        if (inTarget && depth === targetDepth) {
          inTarget = false;
          targetDone = true;
        }
        depth--;
        break;
    }
  }
  return lines;
}

/** Characters scanned between two points where `moreValuesThan` may pause. */
const SCAN_STEP = 1024 * 1024;

/**
 * Whether the first JSON value of a text (an object or an array: the whole of a JSON file, the first line of JSONL)
 * holds more than `limit` values, counted before it is parsed: every comma, `{` and `[` inside it and outside strings
 * starts one. `JSON.parse` builds every value in one piece (30 MB of `[{},{},…]` held the server's thread for 8 s and
 * 670 MB of heap); this scan pauses every megabyte.
 */
export function* moreValuesThan(text: string, limit: number): Steps<boolean> {
  let values = 1;
  let depth = 0;
  let inString = false;
  let escaped = false;
  for (let i = 0; i < text.length; i++) {
    if (i % SCAN_STEP === SCAN_STEP - 1) yield;
    const ch = text.charCodeAt(i);
    if (inString) {
      if (escaped) escaped = false;
      else if (ch === BACKSLASH) escaped = true;
      else if (ch === QUOTE) inString = false;
    } else if (ch === QUOTE) inString = true;
    else if (ch === 125 || ch === 93) {
      depth--;
      if (depth === 0) return false;
    } else if (ch === COMMA || ch === 123 || ch === 91) {
      if (ch !== COMMA) depth++;
      values++;
      if (values > limit) return true;
    } else if (depth === 0 && !isSpace(ch)) return false;
  }
  return false;
}
