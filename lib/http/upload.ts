import { Readable } from "node:stream";
import type { ReadableStream as NodeWebReadableStream } from "node:stream/web";
import busboy from "busboy";
import { ApiError } from "@/lib/api-error";
import { readConfig } from "@/lib/config";
import { inMegabytes } from "@/lib/format";
import { Spill, type SpilledFile } from "./spill";

/** An uploaded file, kept in a temp file and read from it when asked for. */
type UploadedFile = SpilledFile;

export interface Upload {
  files: UploadedFile[];
  /** Text fields of a multipart form (e.g. `project`). */
  fields: Record<string, string>;
  /** Removes the temp folder the files are kept in: call it once they are ingested (again is harmless). */
  dispose(): Promise<void>;
}

type Parts = Omit<Upload, "dispose">;

const KB = 1024;

/** A form's text fields are few and short (`project`); its files come as parts, up to this many per request. */
const FORM_LIMITS = { fields: 20, fieldSize: 64 * KB, parts: 10_000 };

function tooLarge(limit: number): ApiError {
  return new ApiError(
    413,
    "payload_too_large",
    `The upload is larger than the ${inMegabytes(limit)} MB limit. Split it into several requests or raise STARLIGHT_MAX_BODY_MB.`,
    { limitBytes: limit },
  );
}

const formLimit = (message: string) => new ApiError(413, "payload_too_large", message, FORM_LIMITS);
const FORM_REFUSALS = {
  fieldsLimit: () => formLimit(`The form has more than ${FORM_LIMITS.fields} fields.`),
  partsLimit: () =>
    formLimit(
      `The form has more than ${FORM_LIMITS.parts.toLocaleString("en")} parts: send its files in several requests (or zip them).`,
    ),
  fieldTooLarge: (name: string) =>
    formLimit(`The form's field "${name}" is larger than ${FORM_LIMITS.fieldSize / KB} KB.`),
};

const interrupted = (error: Error) =>
  new ApiError(400, "upload_interrupted", `The upload was interrupted: ${error.message}`);

function nodeStream(request: Request): Readable {
  if (!request.body) return Readable.from([]);
  return Readable.fromWeb(request.body as unknown as NodeWebReadableStream<Uint8Array>);
}

const idle = (idleMs: number) =>
  new ApiError(
    408,
    "upload_idle",
    `The upload sent nothing for ${idleMs / 1000} s, so it was dropped: send it again (STARLIGHT_UPLOAD_IDLE_SECONDS sets how long an upload may pause).`,
    { idleSeconds: idleMs / 1000 },
  );

/** The source's next chunk, or a 408 when none comes within `idleMs` (the source is then destroyed). */
async function nextWithin(
  chunks: AsyncIterator<Buffer>,
  source: Readable,
  idleMs: number,
): Promise<IteratorResult<Buffer>> {
  let timer: NodeJS.Timeout | undefined;
  const next = chunks.next();
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      next.catch(() => undefined);
      source.destroy();
      reject(idle(idleMs));
    }, idleMs);
  });
  try {
    return await Promise.race([next, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The request's bytes as they arrive, every one counted against the limit (a form's fields, headers and boundaries
 * as well as its files): the chunk that takes them past it is refused (413) before anything reads it. A client that
 * sends nothing for `idleMs` is refused (408): a trickling body does not hold its temp folder and descriptors for long.
 */
async function* counted(source: Readable, limit: number, idleMs: number): AsyncGenerator<Buffer> {
  const chunks = (source as AsyncIterable<Buffer>)[Symbol.asyncIterator]();
  let size = 0;
  try {
    for (;;) {
      const next = await nextWithin(chunks, source, idleMs);
      if (next.done) return;
      size += next.value.length;
      if (size > limit) throw tooLarge(limit);
      yield next.value;
    }
  } finally {
    // As `for await` does when left early: the source is destroyed, not left holding the rest of the body.
    if (!source.destroyed && !source.readableEnded) source.destroy();
  }
}

/** What an upload failed with: a refusal as it is, the client's stream failing as an interruption, anything else as it came. */
const cause = (error: unknown, source: Readable) =>
  error instanceof ApiError || !source.errored ? error : interrupted(source.errored);

async function readRaw(request: Request, name: string, spill: Spill, limit: number, idleMs: number): Promise<Parts> {
  const source = nodeStream(request);
  try {
    return { files: [await spill.append(name, counted(source, limit, idleMs))], fields: {} };
  } catch (error) {
    throw cause(error, source);
  }
}

function readMultipart(
  request: Request,
  contentType: string,
  spill: Spill,
  limit: number,
  idleMs: number,
): Promise<Parts> {
  return new Promise<Parts>((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      // Browsers and fetch send a file name's UTF-8 bytes as they are; busboy would read them as latin1.
      parser = busboy({
        headers: { "content-type": contentType },
        limits: FORM_LIMITS,
        preservePath: true,
        defParamCharset: "utf8",
      });
    } catch (error) {
      reject(new ApiError(400, "invalid_multipart", `Malformed multipart request: ${(error as Error).message}`));
      return;
    }
    const source = nodeStream(request);
    const body = Readable.from(counted(source, limit, idleMs), { objectMode: false });
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
      body.unpipe(parser);
      body.destroy();
      source.destroy();
      for (const stream of open) stream.destroy();
      void written.then(() => reject(error));
    };
    const malformed = (error: Error) =>
      fail(new ApiError(400, "invalid_multipart", `Malformed multipart request: ${error.message}`));
    parser.on("file", (_field, stream, info) => {
      // A form cut off inside a file fails the file's stream as well as the parser: unheard, that error would be uncaught.
      stream.on("error", malformed);
      if (failed) return void stream.destroy();
      open.add(stream);
      received += 1;
      const name = info.filename || `file-${received}`;
      written = written.then(async () => {
        try {
          if (!failed) parts.files.push(await spill.append(name, stream));
        } catch (error) {
          fail(error as Error);
        } finally {
          open.delete(stream);
        }
      });
    });
    parser.on("field", (field, value, info) => {
      if (info.valueTruncated) fail(FORM_REFUSALS.fieldTooLarge(field));
      else parts.fields[field] = value;
    });
    parser.on("fieldsLimit", () => fail(FORM_REFUSALS.fieldsLimit()));
    parser.on("partsLimit", () => fail(FORM_REFUSALS.partsLimit()));
    parser.on("error", malformed);
    parser.on("close", () => {
      void written.then(() => {
        if (!failed) resolve(parts);
      });
    });
    body.on("error", (error) => fail(cause(error, source) as Error));
    body.pipe(parser);
  });
}

/**
 * Reads a small request body whole into memory, every byte counted against `limit` as it arrives (413 past it, 408
 * when it pauses for `idleMs`): for bodies read at once, such as OpenTelemetry batches (lib/http/otlp-body.ts).
 */
export async function readSmallBody(
  request: Request,
  limit: number,
  idleMs = readConfig().uploadIdleMs,
): Promise<Buffer> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > limit) throw tooLarge(limit);
  const source = nodeStream(request);
  const chunks: Buffer[] = [];
  try {
    for await (const chunk of counted(source, limit, idleMs)) chunks.push(chunk);
  } catch (error) {
    throw cause(error, source);
  }
  return Buffer.concat(chunks);
}

/**
 * Reads the request body as files: a multipart form with any number of files, or the raw body as one file
 * named by `?name=` (default "body"). The bytes go to a temp file as they arrive, so memory stays flat however
 * large the upload; the caller disposes of the upload once done with its files. Enforces the byte limit on the
 * request's every byte while streaming, and a form's `FORM_LIMITS`: over any of them it answers 413 naming the limit,
 * and nothing of the upload is left behind; likewise 408 when the body pauses for `idleMs`.
 */
export async function readUpload(
  request: Request,
  limit: number,
  rawName: string,
  idleMs = readConfig().uploadIdleMs,
): Promise<Upload> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > limit) throw tooLarge(limit);
  const contentType = request.headers.get("content-type") ?? "";
  const spill = await Spill.open();
  try {
    const parts = contentType.toLowerCase().startsWith("multipart/form-data")
      ? await readMultipart(request, contentType, spill, limit, idleMs)
      : await readRaw(request, rawName, spill, limit, idleMs);
    await spill.finish();
    return { ...parts, dispose: () => spill.dispose() };
  } catch (error) {
    await spill.dispose();
    throw error;
  }
}
