import { describe, expect, it } from "vitest";
import { ApiError } from "./errors";
import { readUpload } from "./upload";

const multipart = (body: string) =>
  new Request("http://localhost/api/v1/ingest", { method: "POST", body, headers: { "content-type": "multipart/form-data; boundary=fuzz" } });

describe("readUpload", () => {
  it("reads the files and fields of a multipart form", async () => {
    const body = '--fuzz\r\nContent-Disposition: form-data; name="project"\r\n\r\napp\r\n--fuzz\r\nContent-Disposition: form-data; name="f"; filename="a/b.jsonl"\r\n\r\n{"a":1}\r\n--fuzz--\r\n';
    const upload = await readUpload(multipart(body), 1e6, "body");
    expect(upload.fields).toEqual({ project: "app" });
    expect(upload.files.map((f) => [f.name, f.content.toString()])).toEqual([["a/b.jsonl", '{"a":1}']]);
  });

  it("answers 400 for a form cut off inside a file, leaving no error uncaught (found by fuzzing)", async () => {
    const cut = '--fuzz\r\nContent-Disposition: form-data; name="f"; filename="a.jsonl"\r\n\r\n{"a":1}';
    const error = await readUpload(multipart(cut), 1e6, "body").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, code: "invalid_multipart", message: expect.stringMatching(/Unexpected end of form/) });
  });
});
