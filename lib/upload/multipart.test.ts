import { Readable } from "node:stream";
import busboy from "busboy";
import { describe, expect, it } from "vitest";
import { multipartBody } from "./multipart";

/** The files of a multipart body as the server's parser (busboy, as lib/http/upload.ts sets it up) reads them. */
function parse(body: Buffer, contentType: string): Promise<{ name: string; content: string }[]> {
  return new Promise((resolve, reject) => {
    const files: { name: string; content: string }[] = [];
    const parser = busboy({ headers: { "content-type": contentType }, preservePath: true });
    parser.on("file", (field, stream, info) => {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () =>
        files.push({ name: `${field}:${info.filename}`, content: Buffer.concat(chunks).toString("utf8") }),
      );
    });
    parser.on("close", () => resolve(files));
    parser.on("error", reject);
    Readable.from([body]).pipe(parser);
  });
}

describe("multipartBody", () => {
  it("carries each file under its name and with its bytes, in order, as `files` parts", async () => {
    const files = [
      { name: "-home-dev-app/3f2a.jsonl", content: Buffer.from('{"a":1}\n{"b":2}\r\n--not-a-boundary\r\n') },
      { name: "-home-dev-app/3f2a/subagents/agent-1.jsonl", content: Buffer.from("") },
      { name: "code_development_traj_1_ab12.json", content: Buffer.from("{}") },
    ];
    const { body, contentType } = multipartBody(files);
    expect(await parse(body, contentType)).toEqual(
      files.map((f) => ({ name: `files:${f.name}`, content: f.content.toString("utf8") })),
    );
  });

  it("escapes quotes and line breaks in a name as FormData does, so a name cannot add a header", async () => {
    const { body, contentType } = multipartBody([
      { name: 'a"b\r\nContent-Type: text/html.jsonl', content: Buffer.from("x") },
    ]);
    expect(await parse(body, contentType)).toEqual([
      { name: "files:a%22b%0D%0AContent-Type: text/html.jsonl", content: "x" },
    ]);
  });

  it("uses a new boundary for every body", () => {
    const one = multipartBody([]).contentType;
    expect(one).toMatch(/^multipart\/form-data; boundary=----starlight-[0-9a-f]{32}$/);
    expect(multipartBody([]).contentType).not.toBe(one);
  });
});
