import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "@/lib/api-error";
import { readUpload } from "./upload";

const BOUNDARY = "fuzz";
const headers = (type: string) => ({ "content-type": type });

/** A request whose body arrives as a stream of `chunks` (no content-length), and then fails when `fail` is given. */
function streamed(
  chunks: (string | Uint8Array)[],
  type = `multipart/form-data; boundary=${BOUNDARY}`,
  fail?: Error,
): Request {
  const encoded = chunks.map((c) => (typeof c === "string" ? new TextEncoder().encode(c) : c));
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      const next = encoded.shift();
      if (next) controller.enqueue(next);
      else if (fail) controller.error(fail);
      else controller.close();
    },
  });
  return new Request("http://localhost/api/v1/ingest", {
    method: "POST",
    body,
    headers: headers(type),
    duplex: "half",
  } as RequestInit);
}

const multipart = (body: string) =>
  new Request("http://localhost/api/v1/ingest", {
    method: "POST",
    body,
    headers: headers(`multipart/form-data; boundary=${BOUNDARY}`),
  });
const filePart = (name: string) =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="f"; filename="${name}"\r\n\r\n`;
/** A part with no file name that busboy still takes for a file, by its type. */
const unnamedPart = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="f"\r\nContent-Type: application/octet-stream\r\n\r\n`;
const text = async (file: { read(): Promise<Buffer> }) => (await file.read()).toString();

async function refusal(request: Request, limit = 1e6): Promise<ApiError> {
  const error = await readUpload(request, limit, "body").catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe("readUpload", () => {
  // Each test gets a temp folder of its own (os.tmpdir() follows TMPDIR), so it sees only the folders its uploads made.
  const base = os.tmpdir();
  let tmp: string;
  /** The upload folders in the temp folder, each with the files in it. */
  const spills = () => fs.readdirSync(tmp).map((dir) => [dir, fs.readdirSync(path.join(tmp, dir))]);

  beforeEach(() => {
    tmp = fs.mkdtempSync(path.join(base, "upload-test-"));
    vi.stubEnv("TMPDIR", tmp);
  });
  afterEach(() => {
    vi.unstubAllEnvs();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it("reads the files and fields of a multipart form", async () => {
    const body = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="project"\r\n\r\napp\r\n${filePart("a/b.jsonl")}{"a":1}\r\n--${BOUNDARY}--\r\n`;
    const upload = await readUpload(multipart(body), 1e6, "body");
    expect(upload.fields).toEqual({ project: "app" });
    expect(await Promise.all(upload.files.map(async (f) => [f.name, f.size, await text(f)]))).toEqual([
      ["a/b.jsonl", 7, '{"a":1}'],
    ]);
    await upload.dispose();
  });

  it("keeps the files in a temp folder of the request's own until it is disposed of", async () => {
    const big = "x".repeat(300_000);
    const request = streamed([
      filePart("a.jsonl"),
      big.slice(0, 100_000),
      big.slice(100_000),
      `\r\n${filePart("b.jsonl")}{}\r\n${unnamedPart}z\r\n--${BOUNDARY}--\r\n`,
    ]);
    const upload = await readUpload(request, 1e6, "body");
    expect(spills()).toEqual([[expect.stringMatching(/^starlight-upload-/), ["body"]]]);
    expect(upload.files.map((f) => [f.name, f.size])).toEqual([
      ["a.jsonl", 300_000],
      ["b.jsonl", 2],
      ["file-3", 1],
    ]);
    expect(await text(upload.files[0]!)).toBe(big);
    expect([await text(upload.files[1]!), await text(upload.files[2]!)]).toEqual(["{}", "z"]);
    expect(Buffer.from(upload.files[0]!.slice(299_998, 400_000)).toString()).toBe("xx");
    await upload.dispose();
    expect(spills()).toEqual([]);
    await upload.dispose();
  });

  it("keeps a raw body as one file named by the caller", async () => {
    const upload = await readUpload(streamed(["{", '"a":1}'], "application/x-ndjson"), 1e6, "mine.jsonl");
    expect(await Promise.all(upload.files.map(async (f) => [f.name, await text(f)]))).toEqual([
      ["mine.jsonl", '{"a":1}'],
    ]);
    await upload.dispose();
    expect(spills()).toEqual([]);
  });

  it("answers 413 once a form goes past the limit while streaming, and leaves nothing behind", async () => {
    const error = await refusal(
      streamed([
        filePart("a.jsonl"),
        "x".repeat(6_000),
        "x".repeat(6_000),
        "x".repeat(6_000),
        `\r\n--${BOUNDARY}--\r\n`,
      ]),
      10_486,
    );
    expect(error).toMatchObject({
      status: 413,
      code: "payload_too_large",
      message: expect.stringContaining("the 0.01 MB limit"),
    });
    expect(spills()).toEqual([]);
  });

  it("answers 413 for a raw body past the limit, and leaves nothing behind", async () => {
    const error = await refusal(streamed(["x".repeat(40_000), "x".repeat(40_000)], "application/json"), 50_000);
    expect(error).toMatchObject({ status: 413, message: expect.stringContaining("the 0.05 MB limit") });
    expect(spills()).toEqual([]);
  });

  it("answers 413 from the declared length alone, before making a folder", async () => {
    const request = new Request("http://localhost/api/v1/ingest", {
      method: "POST",
      body: "x",
      headers: { "content-length": "5000" },
    });
    expect(await refusal(request, 1_000)).toMatchObject({ status: 413 });
    expect(spills()).toEqual([]);
  });

  it("answers 400 for a form cut off inside a file, leaving no error uncaught (found by fuzzing)", async () => {
    const cut = `${filePart("a.jsonl")}{"a":1}`;
    expect(await refusal(multipart(cut))).toMatchObject({
      status: 400,
      code: "invalid_multipart",
      message: expect.stringMatching(/Unexpected end of form/),
    });
    expect(await refusal(streamed([filePart("a.jsonl"), "x".repeat(70_000), "x".repeat(70_000)]))).toMatchObject({
      status: 400,
      code: "invalid_multipart",
    });
    expect(spills()).toEqual([]);
  });

  it("answers 400 for an upload whose connection fails midway, multipart or raw", async () => {
    const lost = new Error("connection reset");
    expect(await refusal(streamed([filePart("a.jsonl"), "x".repeat(70_000)], undefined, lost))).toMatchObject({
      status: 400,
      code: "upload_interrupted",
    });
    expect(await refusal(streamed(["x".repeat(70_000)], "application/json", lost))).toMatchObject({
      status: 400,
      code: "upload_interrupted",
    });
    expect(spills()).toEqual([]);
  });

  describe("counts every byte of a form and caps its fields and parts", () => {
    const field = (name: string, value: string) =>
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
    const form = (parts: string[]) => streamed([...parts, `--${BOUNDARY}--\r\n`]);

    it("answers 413 once fields alone take a form past the body limit", async () => {
      const fields = Array.from({ length: 5 }, (_, i) => field(`f${i}`, "x".repeat(30_000)));
      expect(await refusal(form(fields), 100_000)).toMatchObject({
        status: 413,
        code: "payload_too_large",
        message: expect.stringContaining("0.1 MB limit"),
      });
      expect(spills()).toEqual([]);
    });

    it("counts the form's headers and boundaries too, not only its files' bytes", async () => {
      const part = `${filePart("a.jsonl")}${"x".repeat(9_950)}\r\n`;
      expect(part.length).toBeGreaterThan(10_000);
      expect(await refusal(form([part]), 10_000)).toMatchObject({ status: 413 });
    });

    it("answers 413 for a field larger than 64 KB", async () => {
      const error = await refusal(form([field("project", "x".repeat(65 * 1024))]));
      expect(error).toMatchObject({
        status: 413,
        code: "payload_too_large",
        message: expect.stringMatching(/field "project" .*64 KB/),
      });
    });

    it("answers 413 for more than 20 fields", async () => {
      const fields = Array.from({ length: 21 }, (_, i) => field(`f${i}`, "x"));
      expect(await refusal(form(fields))).toMatchObject({
        status: 413,
        message: expect.stringMatching(/more than 20 fields/),
      });
    });

    it("answers 413 for more than 10,000 parts, and leaves nothing behind", async () => {
      const files = Array.from({ length: 10_001 }, (_, i) => `${filePart(`f${i}.jsonl`)}{}\r\n`);
      expect(await refusal(form(files), 10e6)).toMatchObject({
        status: 413,
        message: expect.stringMatching(/more than 10,000 parts/),
      });
      expect(spills()).toEqual([]);
    });
  });

  it("answers 400 for a multipart type without a boundary", async () => {
    const request = new Request("http://localhost/api/v1/ingest", {
      method: "POST",
      body: "x",
      headers: headers("multipart/form-data"),
    });
    expect(await refusal(request)).toMatchObject({ status: 400, code: "invalid_multipart" });
    expect(spills()).toEqual([]);
  });
});
