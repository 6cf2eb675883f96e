import fc from "fast-check";
import { generateAcosTrajectories, toJsonl } from "@/test/factories/generate/acos";
import { GUIDANCE_FORMATS } from "@/lib/guidance/contract";
import { MEMORY_SORTS } from "@/lib/memory/contract";
import { SESSION_SORTS, SORT_DIRECTIONS } from "@/lib/session-list";
import { MEMORY_CATEGORIES } from "@/lib/session";
import { ACOS_FIXTURES, CLAUDE_FIXTURES, mutatedFixture, type NamedInput } from "@/test/fuzz/fixture-inputs";
import { anyText, fileName, jsonDocument, jsonLines, nestedJson, nesting } from "@/test/fuzz/json-inputs";
import { acosTrajectoryRecord } from "@/test/fuzz/record-inputs";
import { buildZip, zipSpec } from "@/test/fuzz/zip-inputs";

/**
 * Requests for the API fuzz (test/integration/fuzz-api.test.ts): upload bodies of every kind, multipart forms
 * with hostile file names and archives, broken multipart, and query strings mixing known keys with anything.
 */

const PROJECTS = ["fuzz-a", "fuzz-b"] as const;

/** Query parameters in order (a key may repeat), built into a search string with URLSearchParams. */
export type Query = [string, string][];

export const toSearch = (query: Query) => new URLSearchParams(query).toString();

const extremeValue = fc.constantFrom(
  "",
  " ",
  "0",
  "-1",
  "1",
  "10",
  "200",
  "201",
  "1e309",
  "NaN",
  "Infinity",
  "0x10",
  "2024-02-30",
  "9999-12-31",
  "0000-01-01",
  "true",
  "%zz",
  "%00",
  "\u0000",
  "'; DROP TABLE memories; --",
  '"',
  "*",
  "NEAR(a b)",
  "a OR b",
  "col:x",
  "^a",
);

/** An opaque cursor such as the session list writes, holding anything: a known order, extreme numbers, junk. */
const cursor = fc
  .tuple(
    fc.constantFrom(...SESSION_SORTS, "x"),
    fc.constantFrom(...SORT_DIRECTIONS),
    fc.oneof(fc.double(), fc.jsonValue()),
    fc.oneof(fc.integer(), fc.jsonValue()),
  )
  .map((tuple) => Buffer.from(JSON.stringify(tuple)).toString("base64url"));

/** Known keys with plausible, extreme or arbitrary values, and unknown keys, in any order. */
function queryOf(known: Record<string, fc.Arbitrary<string>>): fc.Arbitrary<Query> {
  const keys = Object.keys(known);
  const pair: fc.Arbitrary<[string, string]> = fc.oneof(
    {
      weight: 4,
      arbitrary: fc
        .constantFrom(...keys)
        .chain((key) => fc.tuple(fc.constant(key), fc.oneof(known[key]!, extremeValue, anyText))),
    },
    { weight: 1, arbitrary: fc.tuple(fc.oneof(anyText, fc.constantFrom("__proto__", "constructor")), anyText) },
  );
  return fc.array(pair, { maxLength: 6 });
}

const day = fc
  .date({ min: new Date("2020-01-01"), max: new Date("2030-01-01"), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));

export const sessionsQuery = queryOf({
  sort: fc.constantFrom(...SESSION_SORTS),
  dir: fc.constantFrom(...SORT_DIRECTIONS),
  limit: fc.integer({ min: -5, max: 300 }).map(String),
  cursor,
  category: fc.constantFrom(...MEMORY_CATEGORIES),
  domain: fc.constantFrom("code_development", "testing", "general"),
  q: anyText,
  from: day,
  to: day,
});

export const memoriesQuery = queryOf({
  q: fc.oneof(anyText, fc.constantFrom("verif*", '"read before"', "auth.ts", "a".repeat(5_000))),
  project: fc.constantFrom(...PROJECTS, "nope"),
  category: fc.constantFrom(...MEMORY_CATEGORIES),
  tag: fc.constantFrom("acos", "testing", "Bad Tag"),
  minConfidence: fc.constantFrom("0.5", "70%", "1.5", "-0"),
  from: day,
  to: day,
  sort: fc.constantFrom(...MEMORY_SORTS),
  limit: fc.integer({ min: -5, max: 200 }).map(String),
  offset: fc.integer({ min: -5, max: 200_000 }).map(String),
});

export const guidanceQuery = queryOf({
  format: fc.constantFrom(...GUIDANCE_FORMATS),
  maxLines: fc.integer({ min: -5, max: 200_000 }).map(String),
  maxChars: fc.integer({ min: -5, max: 20_000_000 }).map(String),
  provisional: fc.constantFrom("0", "1", "true", "false"),
  download: fc.constantFrom("0", "1"),
  session: fc.oneof(fc.stringMatching(/^[A-Za-z0-9._:-]{1,40}$/), anyText),
});

export const projectSlug = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...PROJECTS) },
  { weight: 1, arbitrary: fc.oneof(anyText, fileName) },
);

const validAcos = fc
  .nat(1_000_000)
  .map((seed) => toJsonl(generateAcosTrajectories({ seed, count: 3, idPrefix: `fuzz-${seed}` })));

/** One uploaded file's bytes: anything, JSON, JSONL, hostile nesting, mutated fixtures, archives, or good records. */
const uploadContent: fc.Arbitrary<string | Uint8Array> = fc.oneof(
  fc.uint8Array({ maxLength: 1_024 }),
  anyText,
  jsonDocument,
  jsonLines,
  nesting.map(nestedJson),
  fc
    .array(acosTrajectoryRecord, { minLength: 1, maxLength: 5 })
    .map((records) => records.map((r) => JSON.stringify(r)).join("\n")),
  mutatedFixture(ACOS_FIXTURES).map((f) => f.content),
  mutatedFixture(CLAUDE_FIXTURES).map((f) => f.content),
  zipSpec.map(buildZip),
  validAcos,
);

/** A file to upload: a mutated fixture under its own (or any) name, or any content under any name. */
const uploadFile: fc.Arbitrary<NamedInput> = fc.oneof(
  mutatedFixture(CLAUDE_FIXTURES),
  mutatedFixture(ACOS_FIXTURES),
  fc.record({ name: fileName, content: uploadContent }),
);

const project = fc.option(
  fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...PROJECTS) }, { weight: 1, arbitrary: anyText }),
  { freq: 4, nil: undefined },
);

export type Upload =
  | { kind: "raw"; body: string | Uint8Array; query: Query }
  | { kind: "multipart"; files: NamedInput[]; project: string | undefined; query: Query }
  | { kind: "broken-multipart"; contentType: string; body: Uint8Array; query: Query };

const ingestQuery = fc
  .tuple(
    project,
    fc.option(fileName, { nil: undefined }),
    queryOf({ project: fc.constantFrom(...PROJECTS), name: fileName }),
  )
  .map(
    ([p, name, extra]): Query => [
      ...(p === undefined ? [] : [["project", p] as [string, string]]),
      ...(name === undefined ? [] : [["name", name] as [string, string]]),
      ...extra,
    ],
  );

export const upload: fc.Arbitrary<Upload> = fc.oneof(
  fc.record({
    kind: fc.constant("raw" as const),
    body: fc.oneof(
      uploadContent,
      uploadFile.map((f) => f.content),
    ),
    query: ingestQuery,
  }),
  fc.record({
    kind: fc.constant("multipart" as const),
    files: fc.array(uploadFile, { maxLength: 4 }),
    project,
    query: ingestQuery,
  }),
  fc.record({
    kind: fc.constant("broken-multipart" as const),
    contentType: fc.oneof(
      fc.constant("multipart/form-data; boundary=fuzz"),
      fc.constant("multipart/form-data"),
      fc.string({ maxLength: 80 }).map((t) => `multipart/form-data; ${t}`),
    ),
    body: fc.oneof(
      fc.uint8Array({ maxLength: 1_024 }),
      anyText.map((t) =>
        new TextEncoder().encode(`--fuzz\r\nContent-Disposition: form-data; name="f"; filename="${t}"\r\n\r\n${t}`),
      ),
    ),
    query: ingestQuery,
  }),
);
