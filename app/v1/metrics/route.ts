import { readOtlpBody } from "@/lib/http/otlp-body";
import { otlpAnswer } from "@/lib/http/otlp-answer";
import { route } from "@/lib/http/route";
import { decodeMetricsRequest } from "@/lib/otlp/proto";
import { metricsRequest } from "@/lib/otlp/schema";
import { receiveMetrics } from "@/lib/server/otlp";
import { getDb } from "@/db/client";

export const dynamic = "force-dynamic";

/** Where an OTLP exporter sends metrics when OTEL_EXPORTER_OTLP_ENDPOINT is this server's address (docs/opentelemetry.md). */
export const POST = route(
  {
    doc:
      "Receives Claude Code's OpenTelemetry metrics (OTLP/HTTP, JSON or protobuf, gzip or not) with a token that may upload " +
      "to the project; a point sent again changes nothing.",
    response: {
      contentType: ["application/json", "application/x-protobuf"],
      description:
        "An ExportMetricsServiceResponse in the request's encoding: JSON with what was left out in `partialSuccess` and the counts stored, or an empty protobuf message.",
    },
    limit: "ingest",
    busy: "upload",
  },
  async ({ request, caller }) => {
    const body = await readOtlpBody(request, metricsRequest, decodeMetricsRequest);
    return otlpAnswer(body.encoding, await receiveMetrics(getDb(), caller, body.payload), "rejectedDataPoints");
  },
);
