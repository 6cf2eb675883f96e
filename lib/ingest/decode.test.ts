import { describe, expect, it } from "vitest";
import { decodeLines, decodeText, MAX_LINES_PER_FILE } from "@/lib/ingest/decode";

const bytes = (text: string) => new TextEncoder().encode(text);

describe("decodeText", () => {
  it("decodes UTF-8 bytes and strips a BOM from bytes and from strings", () => {
    expect(decodeText(new Uint8Array([0xef, 0xbb, 0xbf, ...bytes('{"a":"é"}')]))).toEqual({
      ok: true,
      text: '{"a":"é"}',
    });
    expect(decodeText('\uFEFF{"a":1}')).toEqual({ ok: true, text: '{"a":1}' });
  });

  it("calls 0-byte and whitespace-only content an empty file", () => {
    expect(decodeText(new Uint8Array())).toEqual({ ok: false, empty: true, message: "empty file" });
    expect(decodeText(" \n\t\r\n")).toEqual({ ok: false, empty: true, message: "empty file" });
    expect(decodeText("\uFEFF")).toEqual({ ok: false, empty: true, message: "empty file" });
  });

  it("calls NUL bytes and invalid UTF-8 a binary file", () => {
    const binary = { ok: false, empty: false, message: "binary file, expected JSON or JSONL" };
    expect(decodeText(new Uint8Array([0x89, 0x50, 0x4e, 0x47]))).toEqual(binary);
    expect(decodeText(new Uint8Array([0x7b, 0x00, 0x7d]))).toEqual(binary);
    expect(decodeText("{\u0000}")).toEqual(binary);
  });
});

describe("decodeLines", () => {
  it("splits UTF-8 bytes into the lines decodeText and split would give, keeping the bytes without their BOM", () => {
    const text = '{"a":"é"}\r\n\n{"b":"✓"}\n';
    const read = decodeLines(new Uint8Array([0xef, 0xbb, 0xbf, ...bytes(text)]));
    if (!read?.ok) throw new Error("not read");
    expect(read.lines).toEqual(text.split("\n"));
    expect(Buffer.from(read.bytes).toString("utf8")).toBe(text);
  });

  it("answers null for what is not UTF-8 text free of NUL", () => {
    expect(decodeLines(new Uint8Array([0x89, 0x50, 0x4e, 0x47]))).toBeNull();
    expect(decodeLines(new Uint8Array([0x7b, 0x00, 0x7d]))).toBeNull();
  });

  it("refuses a file of more than MAX_LINES_PER_FILE lines at the first line past it, decoding no further", () => {
    expect(decodeLines(Buffer.alloc(MAX_LINES_PER_FILE - 1, "\n"))).toMatchObject({ ok: true });
    expect(decodeLines(Buffer.alloc(MAX_LINES_PER_FILE, "\n"))).toEqual({
      ok: false,
      message: "more than 5,000,000 lines in one file: split it into smaller files",
      line: MAX_LINES_PER_FILE + 1,
    });
  });
});
