import fs from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseFile } from "@/lib/ingest/parse-file";
import { redactDeep, redactJsonLine } from "@/lib/redact";
import { STARLIGHT_HINTS, starlightMayHold } from "@/lib/redact/starlight-rules";
import { EMBEDDINGS } from "@/test/fixtures/secrets/embeddings";
import { INTACT, PLANTED } from "@/test/fixtures/secrets/planted";
import { fuzzRuns } from "@/test/fuzz/settings";

const FIXTURES = path.join(process.cwd(), "test/fixtures/claude-code");

function transcripts(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const at = path.join(dir, entry.name);
    return entry.isDirectory() ? transcripts(at) : entry.name.endsWith(".jsonl") ? [at] : [];
  });
}

/** JSON text for `value` that writes every `every`-th letter or `/` of its strings as an escape JSON.stringify never writes. */
function escaped(value: unknown, every: number): string {
  const json = JSON.stringify(value);
  let out = "";
  let n = 0;
  let inString = false;
  for (let i = 0; i < json.length; i++) {
    const c = json[i]!;
    if (c === "\\") {
      const length = json[i + 1] === "u" ? 6 : 2;
      out += json.slice(i, i + length);
      i += length - 1;
      continue;
    }
    if (c === '"') inString = !inString;
    if (inString && /[A-Za-z/]/.test(c) && ++n % every === 0)
      out += c === "/" ? "\\/" : `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`;
    else out += c;
  }
  return out;
}

const lines = [...PLANTED.map((p) => p.text), ...INTACT];
const record = (text: string) => ({
  type: "user",
  uuid: "u1",
  message: { role: "user", content: [{ type: "tool_result", tool_use_id: "toolu_1", content: `out: ${text}` }] },
});

describe("redactJsonLine", () => {
  it("stores a real transcript without secrets byte for byte as it was sent", () => {
    // A file of one line is read as one JSON value, which keeps no line of text. A file the rules find a secret in
    // (a notebook's `test_token = \"music\"`, a quoted value assigned to a token, inside a tool's output) is left out.
    const clean = (file: string) =>
      fs
        .readFileSync(file, "utf8")
        .split("\n")
        .filter(Boolean)
        .every((line) => {
          const value = JSON.parse(line) as unknown;
          return redactDeep(value) === value;
        });
    const files = transcripts(FIXTURES).filter(
      (file) => fs.readFileSync(file, "utf8").trim().includes("\n") && clean(file),
    );
    expect(files.length).toBeGreaterThanOrEqual(6);
    for (const file of files) {
      const bytes = fs.readFileSync(file);
      const parsed = parseFile(new Uint8Array(bytes), path.relative(FIXTURES, file));
      expect(Buffer.from(parsed.transcript!.content).equals(bytes), file).toBe(true);
    }
  });

  it("redacts a line's value as redactDeep does, however the line escapes it, and keeps no text with a secret", () => {
    for (const text of lines) {
      const value = record(text);
      const planted = PLANTED.find((p) => p.text === text);
      for (const written of [
        JSON.stringify(value),
        escaped(value, 2),
        escaped(value, 5),
        JSON.stringify(value, null, 1),
      ]) {
        const { value: out, keepText } = redactJsonLine(JSON.parse(written) as unknown, written);
        expect(out, written).toEqual(redactDeep(value));
        if (planted) expect(keepText, written).toBe(false);
      }
      if (!planted) expect(redactJsonLine(value, JSON.stringify(value)).keepText, text).toBe(true);
    }
  });

  it("keeps no text holding a secret, also one a repeated key hides from the parsed value", () => {
    for (const { text: line, secret } of PLANTED)
      for (const text of [line, EMBEDDINGS["json-in-json"]!(line)]) {
        const value = record("clean");
        const repeated = JSON.stringify(value).replace(
          '"content":"out: clean"',
          `"content":${JSON.stringify(text)},"content":"out: clean"`,
        );
        const parsed = JSON.parse(repeated) as unknown;
        expect(parsed).toEqual(value);
        const { value: out, keepText } = redactJsonLine(parsed, repeated);
        expect(out).toBe(parsed);
        expect(keepText, `${secret} in ${repeated}`).toBe(false);
      }
  });

  it("agrees with redactDeep on arbitrary JSON holding planted and intact text", () => {
    const pieces = fc.oneof(
      fc.constantFrom(...lines),
      fc.string({ maxLength: 12 }),
      fc.constantFrom("token", "key", "://", "\\", '"', ":", "=", "/"),
    );
    const text = fc.array(pieces, { maxLength: 4 }).map((parts) => parts.join(" "));
    const json = fc.letrec((tie) => ({
      value: fc.oneof(
        { depthSize: "small" },
        text,
        fc.integer(),
        fc.boolean(),
        fc.constant(null),
        fc.array(tie("value"), { maxLength: 3 }),
        fc.dictionary(text, tie("value"), { maxKeys: 3 }),
      ),
    })).value;
    fc.assert(
      fc.property(json, fc.integer({ min: 1, max: 6 }), (value, every) => {
        for (const written of [JSON.stringify(value), escaped(value, every)]) {
          const parsed = JSON.parse(written) as unknown;
          const { value: out, keepText } = redactJsonLine(parsed, written);
          expect(out).toEqual(redactDeep(parsed));
          if (keepText) expect(redactDeep(parsed)).toBe(parsed);
        }
      }),
      fuzzRuns(300),
    );
  });
});

describe("Starlight's hint words", () => {
  it("are in every text its prefilter lets through", () => {
    const holdsHint = (text: string) => STARLIGHT_HINTS.some((word) => text.toLowerCase().includes(word));
    for (const text of lines) if (starlightMayHold(text)) expect(holdsHint(text), text).toBe(true);
    const fragment = fc.constantFrom(
      "<private>",
      "PRIVATE KEY",
      "AKIA",
      "ASIA",
      "AIza",
      "ghp_",
      "github_pat_",
      "npm_",
      "sk-",
      "xoxb-",
      "eyJ",
      "://u:p@h",
      "password",
      "Passwd",
      "SECRET_KEY_BASE",
      "token",
      "api-key",
      "APIKEY",
      "access_key",
      "private_key",
      "Authorization",
      "=",
      ":",
      '"',
      "'",
      " ",
      "\t",
      "x",
    );
    fc.assert(
      fc.property(fc.array(fragment, { maxLength: 6 }), (parts) => {
        const text = parts.join("");
        if (starlightMayHold(text)) expect(holdsHint(text), text).toBe(true);
      }),
      fuzzRuns(2000),
    );
  });
});
