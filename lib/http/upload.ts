import { Readable } from "node:stream";
import type { ReadableStream as NodeWebReadableStream } from "node:stream/web";
import busboy from "busboy";
import { ApiError } from "./errors";
import { Spill, type SpilledFile } from "./spill";

/** An uploaded file, kept in a temp file and read from it when asked for. */
export type UploadedFile = SpilledFile;

export interface Upload {
  files: UploadedFile[];
  /** Text fields of a multipart form (e.g. `project`). */
  fields: Record<string, string>;
  /** Removes the temp folder the files are kept in: call it once they are ingested (again is harmless). */
  dispose(): Promise<void>;
}

type Parts = Omit<Upload, "dispose">;

const MB = 1024 * 1024;

/** A byte limit in megabytes as messages give it: 0.5, not 0. */
export const inMegabytes = (bytes: number) => Number((bytes / MB).toFixed(2));

function tooLarge(limit: number): ApiError {
  return new ApiError(
    413,
    "payload_too_large",
    `The upload is larger than the ${inMegabytes(limit)} MB limit. Split it into several requests or raise STARLIGHT_MAX_BODY_MB.`,
    { limitBytes: limit },
  );
}

const interrupted = (error: Error) => new ApiError(400, "upload_interrupted", `The upload was interrupted: ${error.message}`);

/** Counts an upload's bytes, refusing (413) the chunk that takes them past the limit. */
function counter(limit: number): (bytes: number) => void {
  let size = 0;
  return (bytes) => {
    size += bytes;
    if (size > limit) throw tooLarge(limit);
  };
}

function nodeStream(request: Request): Readable {
  if (!request.body) return Readable.from([]);
  return Readable.fromWeb(request.body as unknown as NodeWebReadableStream<Uint8Array>);
}

async function readRaw(request: Request, name: string, spill: Spill, count: (bytes: number) => void): Promise<Parts> {
  const source = nodeStream(request);
  try {
    return { files: [await spill.append(name, source, count)], fields: {} };
  } catch (error) {
    throw error instanceof ApiError || !source.errored ? error : interrupted(source.errored);
  }
}

function readMultipart(request: Request, contentType: string, spill: Spill, count: (bytes: number) => void): Promise<Parts> {
  return new Promise<Parts>((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({ headers: { "content-type": contentType }, limits: { fieldSize: MB }, preservePath: true });
    } catch (error) {
      reject(new ApiError(400, "invalid_multipart", `Malformed multipart request: ${(error as Error).message}`));
      return;
    }
    const source = nodeStream(request);
    const parts: Parts = { files: [], fields: {} };
    /** The parts are written one after the other, each once the one before it is: this chain never rejects. */
    let written = Promise.resolve();
    const open = new Set<Readable>();
    let received = 0;
    let failed = false;
    // Answers once the part being written has stopped, so the spill is not removed under a write.
    const fail = (error: Error) => {
      if (failed) return;
      failed = true;
      source.unpipe(parser);
      source.destroy();
      for (const stream of open) stream.destroy();
      void written.then(() => reject(error));
    };
    const malformed = (error: Error) => fail(new ApiError(400, "invalid_multipart", `Malformed multipart request: ${error.message}`));
    parser.on("file", (_field, stream, info) => {
      // A form cut off inside a file fails the file's stream as well as the parser: unheard, that error would be uncaught.
      stream.on("error", malformed);
      if (failed) return void stream.destroy();
      open.add(stream);
      received += 1;
      const name = info.filename || `file-${received}`;
      written = written.then(async () => {
        try {
          if (!failed) parts.files.push(await spill.append(name, stream, count));
        } catch (error) {
          fail(error as Error);
        } finally {
          open.delete(stream);
        }
      });
    });
    parser.on("field", (field, value) => {
      parts.fields[field] = value;
    });
    parser.on("error", malformed);
    parser.on("close", () => {
      void written.then(() => {
        if (!failed) resolve(parts);
      });
    });
    source.on("error", (error) => fail(interrupted(error)));
    source.pipe(parser);
  });
}

/**
 * Reads the request body as files: a multipart form with any number of files, or the raw body as one file
 * named by `?name=` (default "body"). The bytes go to a temp file as they arrive, so memory stays flat however
 * large the upload; the caller disposes of the upload once done with its files. Enforces the byte limit while
 * streaming: over it answers 413, and nothing of the upload is left behind.
 */
export async function readUpload(request: Request, limit: number, rawName: string): Promise<Upload> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > limit) throw tooLarge(limit);
  const contentType = request.headers.get("content-type") ?? "";
  const spill = await Spill.open();
  const count = counter(limit);
  try {
    const parts = contentType.toLowerCase().startsWith("multipart/form-data")
      ? await readMultipart(request, contentType, spill, count)
      : await readRaw(request, rawName, spill, count);
    await spill.close();
    return { ...parts, dispose: () => spill.dispose() };
  } catch (error) {
    await spill.dispose();
    throw error;
  }
}
