import { describe, expect, it } from "vitest";
import { MAX_RECORDS_PER_FILE } from "@/lib/ingest/decode";
import { readJsonLines, readJsonRecords } from "@/lib/ingest/json-records";

describe("readJsonRecords", () => {
  it("reads one object as a single record on the line where it starts", () => {
    expect(readJsonRecords('\n{\n "id": 1\n}')).toEqual({
      ok: true,
      layout: "single",
      wrapper: null,
      records: [{ line: 2, value: { id: 1 } }],
      errors: [],
    });
  });

  it("reads a JSON array with each element's starting line", () => {
    const read = readJsonRecords('[\n {"id": 1},\n {\n  "id": 2\n }\n]');
    expect(read).toMatchObject({ ok: true, layout: "array", records: [{ line: 2 }, { line: 3 }] });
  });

  it("unwraps {top_patterns: [...]} with the elements' lines", () => {
    const read = readJsonRecords('{"top_patterns": [\n {"sequence": "A"},\n {"sequence": "B"}\n]}');
    expect(read).toMatchObject({ ok: true, wrapper: "top_patterns", records: [{ line: 2 }, { line: 3 }] });
  });

  it("reads JSONL with line numbers and each record's text, skipping blank lines and CRLF endings", () => {
    const read = readJsonRecords('{"id": 1}\r\n\r\n {"id": 2}\r\n');
    const records = [
      { line: 1, value: { id: 1 }, text: '{"id": 1}' },
      { line: 3, value: { id: 2 }, text: '{"id": 2}' },
    ];
    expect(read).toEqual({ ok: true, layout: "jsonl", wrapper: null, records, errors: [] });
  });

  it("rejects only the broken lines of a JSONL file, naming line and column", () => {
    const read = readJsonRecords('{"id": 1}\n{"id": 2,\n{"id": 3}\n{"id": 4');
    expect(read).toMatchObject({ ok: true, layout: "jsonl", records: [{ line: 1 }, { line: 3 }] });
    if (!read.ok) throw new Error("expected ok");
    expect(read.errors).toEqual([
      { line: 2, field: null, message: "invalid JSON at column 10: unexpected end of input" },
      { line: 4, field: null, message: "invalid JSON at column 9: unexpected end of input" },
    ]);
  });

  it("reports truncated JSON as a whole-file error with line and column", () => {
    expect(readJsonRecords('[\n {"id": 1},\n {"id": ')).toEqual({
      ok: false,
      line: 3,
      message: "invalid JSON at line 3, column 9: unexpected end of input",
    });
    expect(readJsonRecords('{\n "id": 1,\n')).toMatchObject({
      ok: false,
      line: 3,
      message: expect.stringContaining("line 3"),
    });
  });

  it("reads a file known to be JSONL line by line even when its first line is broken", () => {
    const read = readJsonRecords('{"id": 1\n{"id": 2}', { jsonl: true });
    expect(read).toMatchObject({
      ok: true,
      layout: "jsonl",
      records: [{ line: 2, value: { id: 2 } }],
      errors: [{ line: 1 }],
    });
    expect(readJsonRecords('{"id": 1\n{"id": 2}')).toMatchObject({ ok: false });
  });
});

describe("readJsonLines", () => {
  it("reads plain JSONL as readJsonRecords does", () => {
    for (const text of ['{"id": 1}\r\n\r\n{"id": 2}\r\n', '\n{"id": 1}\n{"id": 2,\n[3]']) {
      expect(readJsonLines(text.split("\n"))).toEqual(readJsonRecords(text));
    }
  });

  it("leaves to readJsonRecords what may be one JSON value or starts otherwise than with an object", () => {
    for (const text of [
      '{"id": 1}\n',
      '[{"id": 1},\n{"id": 2}]',
      '{\n "id": 1\n}',
      '{"id": 1\n{"id": 2}',
      "",
      "\n\n",
    ]) {
      expect(readJsonLines(text.split("\n"))).toBeNull();
    }
  });
});

describe("a JSONL file of more than MAX_RECORDS_PER_FILE records", () => {
  const refusal = "more than 1,000,000 records in one file: split it into smaller files";

  it("is refused as JSONL at the first line past the limit (blank lines not counted), bad lines counted too", () => {
    const lines = [
      "",
      ...Array.from({ length: MAX_RECORDS_PER_FILE }, (_, i) => (i % 100_000 === 1 ? "{broken" : "{}")),
    ];
    expect(readJsonLines(lines)).toMatchObject({ ok: true });
    expect(readJsonLines([...lines, "{}"])).toEqual({ ok: false, message: refusal, line: MAX_RECORDS_PER_FILE + 2 });
  });
});
