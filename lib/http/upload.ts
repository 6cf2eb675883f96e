import { Readable } from "node:stream";
import type { ReadableStream as NodeWebReadableStream } from "node:stream/web";
import busboy from "busboy";
import { ApiError } from "./errors";

export interface UploadedFile {
  name: string;
  content: Buffer;
}

export interface Upload {
  files: UploadedFile[];
  /** Text fields of a multipart form (e.g. `project`). */
  fields: Record<string, string>;
}

const MB = 1024 * 1024;

function tooLarge(limit: number): ApiError {
  const mb = Number((limit / MB).toFixed(2));
  return new ApiError(
    413,
    "payload_too_large",
    `The upload is larger than the ${mb} MB limit. Split it into several requests or raise STARLIGHT_MAX_BODY_MB.`,
    { limitBytes: limit },
  );
}

function nodeStream(request: Request): Readable {
  if (!request.body) return Readable.from([]);
  return Readable.fromWeb(request.body as unknown as NodeWebReadableStream<Uint8Array>);
}

async function readRaw(request: Request, name: string, limit: number): Promise<Upload> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of nodeStream(request)) {
    size += (chunk as Buffer).length;
    if (size > limit) throw tooLarge(limit);
    chunks.push(chunk as Buffer);
  }
  return { files: [{ name, content: Buffer.concat(chunks) }], fields: {} };
}

function readMultipart(request: Request, contentType: string, limit: number): Promise<Upload> {
  return new Promise<Upload>((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({ headers: { "content-type": contentType }, limits: { fieldSize: MB }, preservePath: true });
    } catch (error) {
      reject(new ApiError(400, "invalid_multipart", `Malformed multipart request: ${(error as Error).message}`));
      return;
    }
    const source = nodeStream(request);
    const upload: Upload = { files: [], fields: {} };
    const pending: Promise<void>[] = [];
    let size = 0;
    let failed = false;
    const fail = (error: ApiError) => {
      if (failed) return;
      failed = true;
      source.unpipe(parser);
      source.destroy();
      reject(error);
    };
    const malformed = (error: Error) => fail(new ApiError(400, "invalid_multipart", `Malformed multipart request: ${error.message}`));
    parser.on("file", (_field, stream, info) => {
      // A form cut off inside a file fails the file's stream as well as the parser: unheard, that error would be uncaught.
      stream.on("error", malformed);
      const chunks: Buffer[] = [];
      const name = info.filename || `file-${upload.files.length + pending.length + 1}`;
      pending.push(
        new Promise<void>((done) => {
          stream.on("data", (chunk: Buffer) => {
            size += chunk.length;
            if (size > limit) return fail(tooLarge(limit));
            chunks.push(chunk);
          });
          stream.on("end", () => {
            upload.files.push({ name, content: Buffer.concat(chunks) });
            done();
          });
        }),
      );
    });
    parser.on("field", (field, value) => {
      upload.fields[field] = value;
    });
    parser.on("error", malformed);
    parser.on("close", () => {
      if (!failed) void Promise.all(pending).then(() => resolve(upload));
    });
    source.on("error", (error) => fail(new ApiError(400, "upload_interrupted", `The upload was interrupted: ${error.message}`)));
    source.pipe(parser);
  });
}

/**
 * Reads the request body as files: a multipart form with any number of files, or the raw body as one file
 * named by `?name=` (default "body"). Enforces the byte limit while streaming: over it answers 413.
 */
export async function readUpload(request: Request, limit: number, rawName: string): Promise<Upload> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > limit) throw tooLarge(limit);
  const contentType = request.headers.get("content-type") ?? "";
  if (contentType.toLowerCase().startsWith("multipart/form-data")) return readMultipart(request, contentType, limit);
  return readRaw(request, rawName, limit);
}
