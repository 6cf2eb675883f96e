import { randomBytes } from "node:crypto";

/** A file for a multipart upload: the name the server files it under, and its bytes. */
export interface NamedContent {
  name: string;
  content: Uint8Array;
}

/** A file name as a quoted header parameter, escaped as browsers and Node's FormData do (WHATWG HTML, multipart/form-data). */
const quoted = (name: string) => name.replaceAll("\n", "%0A").replaceAll("\r", "%0D").replaceAll('"', "%22");

/**
 * The files as one multipart/form-data body, each a `files` part named by its `name`: the body the ingest API reads
 * (docs/api.md), built in one buffer so it goes out in a few large writes rather than three small ones a file.
 */
export function multipartBody(
  files: readonly NamedContent[],
  boundary = `----starlight-${randomBytes(16).toString("hex")}`,
): { body: Buffer; contentType: string } {
  const parts = files.flatMap((f) => [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${quoted(f.name)}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    f.content,
    Buffer.from("\r\n"),
  ]);
  return {
    body: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}
