import { finish, type Steps } from "@/lib/cooperate";
import { MAX_RECORDS_PER_FILE, StepMeter, tooLarge } from "@/lib/ingest/decode";
import { elementStartLines, firstValueLine } from "@/lib/ingest/json-scan";
import { locateJsonError } from "@/lib/ingest/json-error";
import { MAX_JSON_DEPTH, nestedDeeperThan, TOO_DEEP } from "@/lib/ingest/json-depth";
import type { LocatedValue, RecordError } from "@/lib/ingest/types";

/** Root-object properties whose array holds the records (`patterns.json` as `{top_patterns: [...]}`). */
const WRAPPER_KEYS = ["top_patterns"] as const;

export type JsonRead =
  | {
      ok: true;
      /** How the file was laid out: one value, a JSON array, or one value per line. */
      layout: "single" | "array" | "jsonl";
      /** The wrapper property the records were taken from, if any. */
      wrapper: string | null;
      records: LocatedValue[];
      /** JSONL lines that are not valid JSON, and records nested too deeply to read, one error each. */
      errors: RecordError[];
    }
  | { ok: false; message: string; line: number | null };

function tryParse(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The values that can be read, and one error for each nested too deeply. */
function located(values: readonly LocatedValue[]): { records: LocatedValue[]; errors: RecordError[] } {
  const records: LocatedValue[] = [];
  const errors: RecordError[] = [];
  for (const entry of values) {
    if (nestedDeeperThan(entry.value, MAX_JSON_DEPTH))
      errors.push({ line: entry.line, field: null, message: TOO_DEEP });
    else records.push(entry);
  }
  return { records, errors };
}

function fromValue(text: string, value: unknown): JsonRead {
  if (Array.isArray(value)) {
    const lines = elementStartLines(text);
    return {
      ok: true,
      layout: "array",
      wrapper: null,
      ...located(value.map((v, i) => ({ line: lines[i] ?? 1, value: v }))),
    };
  }
  if (isObject(value)) {
    for (const key of WRAPPER_KEYS) {
      const inner = value[key];
      if (!Array.isArray(inner)) continue;
      const lines = elementStartLines(text, key);
      return {
        ok: true,
        layout: "single",
        wrapper: key,
        ...located(inner.map((v, i) => ({ line: lines[i] ?? 1, value: v }))),
      };
    }
  }
  return { ok: true, layout: "single", wrapper: null, ...located([{ line: firstValueLine(text), value }]) };
}

function* fromLines(lines: string[]): Steps<JsonRead> {
  const records: LocatedValue[] = [];
  const errors: RecordError[] = [];
  const meter = new StepMeter();
  for (const [index, raw] of lines.entries()) {
    if (meter.done(raw.length)) yield;
    const text = raw.trim();
    if (text === "") continue;
    if (records.length + errors.length === MAX_RECORDS_PER_FILE) return tooLarge("records", index + 1);
    const parsed = tryParse(text);
    if (parsed.ok && nestedDeeperThan(parsed.value, MAX_JSON_DEPTH)) {
      errors.push({ line: index + 1, field: null, message: TOO_DEEP });
      continue;
    }
    if (parsed.ok) {
      records.push({ line: index + 1, value: parsed.value, text });
      continue;
    }
    const where = locateJsonError(raw);
    const message = where ? `invalid JSON at column ${where.column}: ${where.message}` : "invalid JSON";
    errors.push({ line: index + 1, field: null, message });
  }
  return { ok: true, layout: "jsonl", wrapper: null, records, errors };
}

/**
 * A file already split into lines, when it is plainly JSONL: two or more non-empty lines, the first a JSON object
 * on its own (so the whole text is not one JSON value, and `readJsonRecords` would read it line by line too).
 * Null otherwise: `readJsonRecords` on the whole text decides.
 */
export function readJsonLines(lines: string[]): JsonRead | null {
  return finish(readJsonLinesSteps(lines));
}

/** `readJsonLines` in steps of LINES_PER_STEP lines or TEXT_PER_STEP characters. */
export function* readJsonLinesSteps(lines: string[]): Steps<JsonRead | null> {
  const first = lines.findIndex((l) => l.trim() !== "");
  if (first === -1 || !lines.some((l, i) => i > first && l.trim() !== "")) return null;
  const parsed = tryParse(lines[first]!.trim());
  if (!parsed.ok || !isObject(parsed.value)) return null;
  return yield* fromLines(lines);
}

/**
 * Reads a file's text as one JSON value, a JSON array, or JSONL. JSONL is assumed when the whole text
 * is not valid JSON but its first non-empty line is a JSON object on its own, or when the caller knows
 * the file is JSONL (`jsonl`, from a `.jsonl` name) — then even a broken first line costs only that
 * record. Otherwise the file is invalid JSON and the first syntax error is reported.
 */
export function readJsonRecords(text: string, options: { jsonl?: boolean } = {}): JsonRead {
  const whole = tryParse(text);
  if (whole.ok) return fromValue(text, whole.value);

  const lines = text.split("\n");
  if (options.jsonl) return finish(fromLines(lines));
  const first = lines.find((l) => l.trim() !== "");
  const firstParsed = first === undefined ? null : tryParse(first.trim());
  if (firstParsed?.ok && isObject(firstParsed.value)) return finish(fromLines(lines));

  const where = locateJsonError(text);
  if (where === null) return { ok: false, message: "invalid JSON", line: null };
  return {
    ok: false,
    message: `invalid JSON at line ${where.line}, column ${where.column}: ${where.message}`,
    line: where.line,
  };
}
