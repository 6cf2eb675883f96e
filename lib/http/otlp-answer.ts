import type { OtlpEncoding } from "./otlp-body";

/**
 * The OTLP/HTTP success answer: an Export*ServiceResponse in the request's encoding. JSON names what was left out in
 * `partialSuccess` (as the specification has it) and adds Starlight's counts; protobuf answers an empty message,
 * which every exporter reads as full success.
 */
export function otlpAnswer(
  encoding: OtlpEncoding,
  receipt: { accepted: number; duplicates: number; ignored: number },
  rejectedField: "rejectedLogRecords" | "rejectedDataPoints",
): Response {
  if (encoding === "protobuf")
    return new Response(new Uint8Array(0), { status: 200, headers: { "content-type": "application/x-protobuf" } });
  const partialSuccess =
    receipt.ignored > 0
      ? {
          partialSuccess: {
            [rejectedField]: receipt.ignored,
            errorMessage: "records that are not Claude Code's events or metrics are not stored",
          },
        }
      : {};
  return Response.json({ ...partialSuccess, accepted: receipt.accepted, duplicates: receipt.duplicates });
}
