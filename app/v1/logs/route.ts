import { readOtlpBody } from "@/lib/http/otlp-body";
import { otlpAnswer } from "@/lib/http/otlp-answer";
import { route } from "@/lib/http/route";
import { decodeLogsRequest } from "@/lib/otlp/proto";
import { logsRequest } from "@/lib/otlp/schema";
import { receiveLogs } from "@/lib/server/otlp";
import { getDb } from "@/db/client";

export const dynamic = "force-dynamic";

/** Where an OTLP exporter sends logs when OTEL_EXPORTER_OTLP_ENDPOINT is this server's address (docs/opentelemetry.md). */
export const POST = route(
  {
    doc:
      "Receives Claude Code's OpenTelemetry events (OTLP/HTTP logs, JSON or protobuf, gzip or not) with a token that may " +
      "upload to the project; stores each event once, redacted.",
    response: {
      contentType: ["application/json", "application/x-protobuf"],
      description:
        "An ExportLogsServiceResponse in the request's encoding: JSON with what was left out in `partialSuccess` and the counts stored, or an empty protobuf message.",
    },
    limit: "ingest",
    busy: "upload",
  },
  async ({ request, caller }) => {
    const body = await readOtlpBody(request, logsRequest, decodeLogsRequest);
    return otlpAnswer(body.encoding, await receiveLogs(getDb(), caller, body.payload), "rejectedLogRecords");
  },
);
