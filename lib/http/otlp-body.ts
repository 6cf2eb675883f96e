import { gunzipSync } from "node:zlib";
import type { z, ZodType } from "zod";
import { ApiError } from "@/lib/api-error";
import { inMegabytes } from "@/lib/format";
import { WireError } from "@/lib/otlp/wire";
import { readSmallBody } from "./upload";

/**
 * An OTLP/HTTP request's body (opentelemetry.io/docs/specs/otlp/#otlphttp): JSON (`application/json`) or protobuf
 * (`application/x-protobuf`), gzipped or not (`Content-Encoding: gzip`). The limit counts the bytes sent and,
 * again, the bytes they inflate to. The payload is decoded, then validated with `schema`: a ZodError names the field.
 */

/** OTLP exporters send batches of 512 records by default, a few hundred kilobytes: 16 MB leaves room and bounds memory. */
export const OTLP_MAX_BYTES = 16 * 1024 * 1024;

export type OtlpEncoding = "json" | "protobuf";

function encodingOf(request: Request): OtlpEncoding {
  const type = (request.headers.get("content-type") ?? "").split(";")[0]?.trim().toLowerCase();
  if (type === "application/json") return "json";
  if (type === "application/x-protobuf" || type === "application/protobuf") return "protobuf";
  throw new ApiError(
    415,
    "unsupported_media_type",
    `An OTLP body is application/json or application/x-protobuf, not "${type || "none"}".`,
  );
}

function inflate(body: Buffer, request: Request, limit: number): Buffer {
  const encoding = (request.headers.get("content-encoding") ?? "identity").trim().toLowerCase();
  if (encoding === "identity" || encoding === "") return body;
  if (encoding !== "gzip")
    throw new ApiError(
      415,
      "unsupported_encoding",
      `Content-Encoding "${encoding}" is not supported: send gzip or nothing.`,
    );
  try {
    return gunzipSync(body, { maxOutputLength: limit });
  } catch (error) {
    if (error instanceof RangeError || (error as NodeJS.ErrnoException).code === "ERR_BUFFER_TOO_LARGE") {
      throw new ApiError(413, "payload_too_large", `The body inflates past the ${inMegabytes(limit)} MB limit.`, {
        limitBytes: limit,
      });
    }
    throw new ApiError(400, "invalid_gzip", "The body is not valid gzip.");
  }
}

export interface OtlpBody<T> {
  encoding: OtlpEncoding;
  payload: T;
}

/** Reads, inflates, decodes (`decode` for protobuf) and validates an OTLP request's body. */
export async function readOtlpBody<S extends ZodType>(
  request: Request,
  schema: S,
  decode: (bytes: Uint8Array) => unknown,
  limit = OTLP_MAX_BYTES,
): Promise<OtlpBody<z.output<S>>> {
  const encoding = encodingOf(request);
  const bytes = inflate(await readSmallBody(request, limit), request, limit);
  let raw: unknown;
  if (encoding === "json") {
    try {
      raw = JSON.parse(bytes.toString("utf8"));
    } catch {
      throw new ApiError(400, "invalid_json", "The body is not JSON.");
    }
  } else {
    try {
      raw = decode(bytes);
    } catch (error) {
      if (error instanceof WireError)
        throw new ApiError(400, "invalid_protobuf", `The body is not an OTLP protobuf message: ${error.message}.`);
      throw error;
    }
  }
  return { encoding, payload: schema.parse(raw) };
}
