import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { anyJsonValue, fileName } from "./json-inputs";

/**
 * Real files (test/fixtures/acos, test/fixtures/claude-code) broken the ways files break: lines deleted,
 * repeated or swapped, the file cut at any byte, bytes flipped, field values replaced by arbitrary JSON, and
 * known fields given another type.
 */

export interface NamedInput {
  name: string;
  content: string | Uint8Array;
}

interface Fixture {
  /** The path under its fixture folder, as an upload of `~/.claude/projects` would name it. */
  name: string;
  text: string;
}

const ROOT = path.resolve(import.meta.dirname, "../fixtures");

function load(folder: string): Fixture[] {
  const dir = path.join(ROOT, folder);
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((file) => /\.jsonl?$/.test(file))
    .sort()
    .map((file) => ({ name: file.split(path.sep).join("/"), text: readFileSync(path.join(dir, file), "utf8") }));
}

export const ACOS_FIXTURES = load("acos");
export const CLAUDE_FIXTURES = load("claude-code");

/** Big transcripts are fuzzed a window of lines at a time, so each run stays cheap. */
const WINDOW = 40;

type Json = fc.JsonValue;

type Mutation =
  | { kind: "delete-line" | "duplicate-line"; at: number }
  | { kind: "swap-lines"; at: number; with: number }
  | { kind: "replace-value"; at: number; path: number; value: Json }
  | { kind: "retype-value"; at: number; path: number }
  | { kind: "truncate"; at: number }
  | { kind: "flip-byte"; at: number; mask: number };

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ kind: fc.constantFrom("delete-line" as const, "duplicate-line" as const), at: fc.nat() }),
  fc.record({ kind: fc.constant("swap-lines" as const), at: fc.nat(), with: fc.nat() }),
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant("replace-value" as const),
      at: fc.nat(),
      path: fc.nat(),
      value: anyJsonValue,
    }),
  },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant("retype-value" as const), at: fc.nat(), path: fc.nat() }) },
  fc.record({ kind: fc.constant("truncate" as const), at: fc.nat() }),
  fc.record({ kind: fc.constant("flip-byte" as const), at: fc.nat(), mask: fc.integer({ min: 1, max: 255 }) }),
);

type Path = (string | number)[];

/** Every path into `value` (the root first), up to `limit` of them. */
function pathsOf(value: Json, limit = 5_000): Path[] {
  const paths: Path[] = [];
  const stack: { at: Path; value: Json }[] = [{ at: [], value }];
  while (stack.length > 0 && paths.length < limit) {
    const next = stack.pop()!;
    paths.push(next.at);
    if (Array.isArray(next.value)) next.value.forEach((v, i) => stack.push({ at: [...next.at, i], value: v }));
    else if (next.value !== null && typeof next.value === "object") {
      for (const [k, v] of Object.entries(next.value))
        if (v !== undefined) stack.push({ at: [...next.at, k], value: v });
    }
  }
  return paths;
}

/** The same value with another JSON type: text ↔ number, true → 1, null → {}, array ↔ object. */
function retype(value: Json): Json {
  if (typeof value === "string") return Number.isNaN(Number(value)) ? value.length : Number(value);
  if (typeof value === "number") return String(value);
  if (typeof value === "boolean") return value ? 1 : "false";
  if (value === null) return {};
  if (Array.isArray(value)) return Object.fromEntries(value.map((v, i) => [String(i), v]));
  return Object.values(value).filter((v): v is Json => v !== undefined);
}

function setAt(root: Json, at: Path, change: (old: Json) => Json): Json {
  if (at.length === 0) return change(root);
  const [head, ...rest] = at;
  if (Array.isArray(root)) return root.map((v, i) => (i === head ? setAt(v, rest, change) : v));
  const object = root as Record<string, Json>;
  const copy: Record<string, Json> = {};
  for (const [k, v] of Object.entries(object))
    Object.defineProperty(copy, k, {
      value: k === head ? setAt(v, rest, change) : v,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  return copy;
}

function tryParse(text: string): { value: Json } | null {
  try {
    return { value: JSON.parse(text) as Json };
  } catch {
    return null;
  }
}

function changeValue(text: string, m: Extract<Mutation, { kind: "replace-value" | "retype-value" }>): string {
  const change = (old: Json) => (m.kind === "replace-value" ? m.value : retype(old));
  const whole = text.includes("\n") ? tryParse(text) : null;
  if (whole) {
    const paths = pathsOf(whole.value);
    return JSON.stringify(setAt(whole.value, paths[m.path % paths.length]!, change), null, 2);
  }
  const lines = text.split("\n");
  const index = m.at % lines.length;
  const line = tryParse(lines[index]!);
  if (!line) return text;
  const paths = pathsOf(line.value);
  lines[index] = JSON.stringify(setAt(line.value, paths[m.path % paths.length]!, change));
  return lines.join("\n");
}

function changeLines(
  text: string,
  m: Extract<Mutation, { kind: "delete-line" | "duplicate-line" | "swap-lines" }>,
): string {
  const lines = text.split("\n");
  const at = m.at % lines.length;
  if (m.kind === "delete-line") lines.splice(at, 1);
  else if (m.kind === "duplicate-line") lines.splice(at, 0, lines[at]!);
  else if (m.kind === "swap-lines") {
    const other = m.with % lines.length;
    [lines[at], lines[other]] = [lines[other]!, lines[at]!];
  }
  return lines.join("\n");
}

/** Applies line and value changes to the text, then byte changes (cuts and flips) to its UTF-8. */
function mutate(text: string, mutations: readonly Mutation[]): string | Uint8Array {
  let out = text;
  for (const m of mutations) {
    if (m.kind === "replace-value" || m.kind === "retype-value") out = changeValue(out, m);
    else if (m.kind === "delete-line" || m.kind === "duplicate-line" || m.kind === "swap-lines")
      out = changeLines(out, m);
  }
  const byteChanges = mutations.filter((m) => m.kind === "truncate" || m.kind === "flip-byte");
  if (byteChanges.length === 0) return out;
  let bytes = new TextEncoder().encode(out);
  for (const m of byteChanges) {
    if (m.kind === "truncate") bytes = bytes.slice(0, m.at % (bytes.length + 1));
    else if (m.kind === "flip-byte" && bytes.length > 0) bytes[m.at % bytes.length]! ^= m.mask;
  }
  return bytes;
}

function linesWindow(text: string, start: number): string {
  const lines = text.split("\n");
  if (lines.length <= WINDOW) return text;
  const from = start % (lines.length - WINDOW + 1);
  return lines.slice(from, from + WINDOW).join("\n");
}

/** One fixture of `fixtures`, mutated 1–4 times; sometimes uploaded under an arbitrary name. */
export function mutatedFixture(fixtures: readonly Fixture[]): fc.Arbitrary<NamedInput> {
  return fc
    .record({
      index: fc.nat(fixtures.length - 1),
      start: fc.nat(),
      mutations: fc.array(mutation, { minLength: 1, maxLength: 4 }),
      rename: fc.option(fileName, { freq: 5 }),
    })
    .map(({ index, start, mutations, rename }) => {
      const fixture = fixtures[index]!;
      return { name: rename ?? fixture.name, content: mutate(linesWindow(fixture.text, start), mutations) };
    });
}

/** The files of the fixture session that has sub-agents (main transcript, agents, meta files), each mutated or not. */
export function mutatedSession(): fc.Arbitrary<NamedInput[]> {
  const session = CLAUDE_FIXTURES.filter((f) => f.name.startsWith("-experiments-worktrees/"));
  return fc.tuple(
    ...session.map((fixture) =>
      fc.record({ start: fc.nat(), mutations: fc.array(mutation, { maxLength: 3 }) }).map(({ start, mutations }) => ({
        name: fixture.name,
        content: mutate(linesWindow(fixture.text, start), mutations),
      })),
    ),
  );
}
