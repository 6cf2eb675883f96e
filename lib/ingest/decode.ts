import { isUtf8 } from "node:buffer";
import { finish, type Steps } from "@/lib/cooperate";

/** Lines decoded, parsed or redacted between two points where the work may be paused (a few milliseconds). */
export const LINES_PER_STEP = 500;

/**
 * Nor more text than this (characters or bytes) between two such points: 500 lines of a transcript whose tool
 * results run to 100 KB each are 50 MB, each of them decoded, parsed and redacted in one step.
 */
export const TEXT_PER_STEP = 1024 * 1024;

/** Says when a step's worth of lines has been done: LINES_PER_STEP of them, or TEXT_PER_STEP of their text. */
export class StepMeter {
  private lines = 0;
  private text = 0;

  /** Counts one line (record) of `size` characters or bytes; true when the work may pause after it. */
  done(size: number): boolean {
    this.lines += 1;
    this.text += size;
    if (this.lines < LINES_PER_STEP && this.text < TEXT_PER_STEP) return false;
    this.lines = 0;
    this.text = 0;
    return true;
  }
}

/**
 * No more lines than this in one file: a file of short lines (`{}` and a newline, 3 bytes) holds one value of a few
 * hundred bytes per line while it is read, so a 100 MB upload of them took the server's heap past its limit. A
 * pretty-printed JSON file of 100 MB has 2 to 3 million lines.
 */
export const MAX_LINES_PER_FILE = 5_000_000;

/** No more records than this in one file (lines of JSONL, elements of a JSON array): split a larger one. */
export const MAX_RECORDS_PER_FILE = 1_000_000;

/** No more values than this in a file that is one JSON document (an array of records): send more as JSONL. */
export const MAX_VALUES_PER_DOCUMENT = 1_000_000;

const LIMITS = {
  lines: [MAX_LINES_PER_FILE, "in one file: split it into smaller files"],
  records: [MAX_RECORDS_PER_FILE, "in one file: split it into smaller files"],
  values: [MAX_VALUES_PER_DOCUMENT, "in one JSON document: send records as JSONL, one per line"],
} as const;

/** The refusal of a file past one of the limits above, with the line where it went past when that is known. */
export const tooLarge = (what: keyof typeof LIMITS, line: number | null) => ({
  ok: false as const,
  message: `more than ${LIMITS[what][0].toLocaleString("en-US")} ${what} ${LIMITS[what][1]}`,
  line,
});

/** Bytes or text → the text of a JSON/JSONL file, or why it cannot be one (`empty`: nothing but whitespace). */
export type Decoded = { ok: true; text: string } | { ok: false; empty: boolean; message: string };

const BINARY = "binary file, expected JSON or JSONL";

export function decodeText(content: Uint8Array | string): Decoded {
  let text: string;
  if (typeof content === "string") {
    text = content.charCodeAt(0) === 0xfeff ? content.slice(1) : content;
  } else {
    try {
      // fatal: invalid UTF-8 throws; the default ignoreBOM=false drops a leading BOM.
      text = new TextDecoder("utf-8", { fatal: true }).decode(content);
    } catch {
      return { ok: false, empty: false, message: BINARY };
    }
  }
  if (text.includes("\u0000")) return { ok: false, empty: false, message: BINARY };
  if (text.trim() === "") return { ok: false, empty: true, message: "empty file" };
  return { ok: true, text };
}

const BOM = [0xef, 0xbb, 0xbf];

/** A file's lines and its bytes without a leading BOM, or its refusal for holding more than MAX_LINES_PER_FILE. */
export type SplitLines = { ok: true; lines: string[]; bytes: Uint8Array } | ReturnType<typeof tooLarge>;

/**
 * Bytes → their lines (split at "\n"), each decoded on its own, and the bytes without a leading BOM; null when they
 * are not UTF-8 text free of NUL (`decodeText` then says why); refused past MAX_LINES_PER_FILE, before decoding more. Decoding a large file into one string and splitting
 * it costs several times more than decoding its lines one by one, most of it in allocating that one large string.
 */
export function decodeLines(content: Uint8Array): SplitLines | null {
  return finish(decodeLinesSteps(content));
}

/** `decodeLines` in steps of LINES_PER_STEP lines or TEXT_PER_STEP bytes. */
export function* decodeLinesSteps(content: Uint8Array): Steps<SplitLines | null> {
  if (!isUtf8(content) || content.includes(0)) return null;
  const from = BOM.every((b, i) => content[i] === b) ? BOM.length : 0;
  const bytes = Buffer.from(content.buffer, content.byteOffset + from, content.byteLength - from);
  const lines: string[] = [];
  const meter = new StepMeter();
  for (let at = 0; at <= bytes.length; ) {
    const newline = bytes.indexOf(0x0a, at);
    const end = newline === -1 ? bytes.length : newline;
    if (lines.length === MAX_LINES_PER_FILE) return tooLarge("lines", MAX_LINES_PER_FILE + 1);
    lines.push(bytes.toString("utf8", at, end));
    const size = end - at;
    at = end + 1;
    if (meter.done(size)) yield;
  }
  return { ok: true, lines, bytes };
}
