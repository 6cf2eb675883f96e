import fc from "fast-check";

/**
 * Arbitrary file contents and file names for the ingest fuzz suites: text of any code points, JSON of any
 * shape, JSONL of any values, hostile nesting, and upload names that try paths, unicode and length.
 */

export const anyText: fc.Arbitrary<string> = fc.oneof(
  fc.string({ maxLength: 400 }),
  fc.string({ unit: "binary", maxLength: 300 }),
  fc.string({ unit: "grapheme", maxLength: 100 }),
);

export const anyJsonValue: fc.Arbitrary<fc.JsonValue> = fc.oneof(
  fc.jsonValue({ maxDepth: 4 }),
  fc.jsonValue({ maxDepth: 3, stringUnit: "binary" }),
);

/** One JSON document, compact or pretty-printed over many lines. */
export const jsonDocument: fc.Arbitrary<string> = fc
  .tuple(anyJsonValue, fc.constantFrom(undefined, 2, "\t"))
  .map(([value, indent]) => JSON.stringify(value, null, indent));

/** Lines of arbitrary JSON values, with blank and non-JSON lines among them. */
export const jsonLines: fc.Arbitrary<string> = fc
  .tuple(
    fc.array(
      fc.oneof(
        { weight: 4, arbitrary: anyJsonValue.map((v) => JSON.stringify(v)) },
        { weight: 1, arbitrary: anyText },
        { weight: 1, arbitrary: fc.constant("") },
      ),
      {
        maxLength: 20,
      },
    ),
    fc.constantFrom("\n", "\r\n"),
  )
  .map(([lines, eol]) => lines.join(eol));

const RECORD_SHELLS = [
  (inner: string) => inner,
  (inner: string) => `{"id":"traj_deep","successScore":0.5,"startedAt":1,"task":${inner}}`,
  (inner: string) =>
    `{"type":"user","uuid":"u1","parentUuid":null,"sessionId":"s1","message":{"role":"user","content":${inner}}}`,
  (inner: string) => `[{"sequence":"Read > Edit","count":2,"avgSuccess":0.5,"type":${inner}}]`,
];

export interface Nesting {
  depth: number;
  object: boolean;
  shell: number;
}

/** How deep, of what and inside which record a hostile nesting is; `nestedJson` writes it (a counterexample stays short). */
export const nesting: fc.Arbitrary<Nesting> = fc.record({
  depth: fc.integer({ min: 1, max: 20_000 }),
  object: fc.boolean(),
  shell: fc.nat(RECORD_SHELLS.length - 1),
});

/** A valid JSON value nested `depth` levels deep, alone or inside a record of each format. */
export function nestedJson({ depth, object, shell }: Nesting): string {
  const inner = object ? `${'{"a":'.repeat(depth)}1${"}".repeat(depth)}` : `${"[".repeat(depth)}${"]".repeat(depth)}`;
  return RECORD_SHELLS[shell]!(inner);
}

const segment = fc.oneof(
  fc.constantFrom(
    "..",
    ".",
    "",
    "-Users-me-app",
    "__MACOSX",
    "subagents",
    "ef958aa1-0e93-49f0-bb71-150f63befcd1",
    "%2e%2e",
    "~",
  ),
  fc.string({ unit: "binary", minLength: 1, maxLength: 12 }),
);
const ending = fc.constantFrom("", ".json", ".jsonl", ".meta.json", ".zip", ".JSONL");
const leaf = fc.oneof(
  fc.uuid().map((id) => `${id}.jsonl`),
  fc.stringMatching(/^agent-[a-z0-9]{1,17}\.(?:jsonl|meta\.json)$/),
  fc.tuple(fc.string({ unit: "binary", maxLength: 20 }), ending).map(([base, end]) => base + end),
);

/** Upload file names: Claude Code layouts, path traversal, absolute and Windows paths, unicode, very long names. */
export const fileName: fc.Arbitrary<string> = fc.oneof(
  fc
    .tuple(fc.array(segment, { maxLength: 5 }), fc.constantFrom("/", "\\"), leaf)
    .map(([dirs, sep, file]) => [...dirs, file].join(sep)),
  fc.constantFrom(
    "../../etc/passwd",
    "..\\..\\windows\\win.ini",
    "/etc/shadow",
    "C:\\Users\\me\\.claude\\projects\\x.jsonl",
    "__proto__",
    "constructor",
    "a\u0000b.json",
    "💥/🧨.jsonl",
  ),
  fc.string({ unit: "binary", maxLength: 60 }),
  fc.string({ minLength: 256, maxLength: 3000 }).map((s) => `${s}.jsonl`),
);
