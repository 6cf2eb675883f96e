import { describe, expect, it } from "vitest";
import { claudeCodeLogs, claudeCodeMetrics, encodeLogsRequest, encodeMetricsRequest } from "@/test/factories/otlp";
import { decodeLogsRequest, decodeMetricsRequest } from "./proto";
import { logsRequest, metricsRequest } from "./schema";
import { WireError } from "./wire";

/**
 * One ExportLogsServiceRequest encoded by hand (Python's struct and a five-line varint, from the .proto field numbers): a resource naming
 * project "demo", one record at 1_700_000_000_000_000_000 ns with body "claude_code.api_request" and the attributes
 * cost_usd = 0.5 (double), session.id = "s1", input_tokens = 300 (varint ac 02).
 */
const HAND_ENCODED =
  "0a87010a1d0a1b0a11737461726c696768742e70726f6a65637412060a0464656d6f126612640900002a36fe9c97172a190a17636c617564655f636f64652e6170695f7265717565737432150a08636f73745f757364120921000000000000e03f32120a0a73657373696f6e2e696412040a02733132130a0c696e7075745f746f6b656e73120318ac02";

describe("the OTLP protobuf decoder", () => {
  it("reads a hand-encoded logs request field by field", () => {
    const decoded = logsRequest.parse(decodeLogsRequest(Buffer.from(HAND_ENCODED, "hex")));
    expect(decoded.resourceLogs).toHaveLength(1);
    const resource = decoded.resourceLogs[0]!;
    expect(resource.resource.attributes).toEqual([{ key: "starlight.project", value: { stringValue: "demo" } }]);
    const records = resource.scopeLogs[0]!.logRecords;
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({
      timeUnixNano: "1700000000000000000",
      body: { stringValue: "claude_code.api_request" },
      attributes: [
        { key: "cost_usd", value: { doubleValue: 0.5 } },
        { key: "session.id", value: { stringValue: "s1" } },
        { key: "input_tokens", value: { intValue: "300" } },
      ],
    });
  });

  it("decodes an encoded Claude Code batch to what its JSON form validates to", () => {
    const { request, counts } = claudeCodeLogs({ sessions: 3, eventsPerSession: 11, project: "demo" });
    const fromProto = logsRequest.parse(decodeLogsRequest(encodeLogsRequest(request)));
    const records = fromProto.resourceLogs.flatMap((r) => r.scopeLogs.flatMap((s) => s.logRecords));
    expect(records).toHaveLength(counts.events);
    const fromJson = logsRequest.parse(JSON.parse(JSON.stringify(request)));
    expect(
      fromProto.resourceLogs.map((r) =>
        r.scopeLogs.map((s) => s.logRecords.map((l) => [l.timeUnixNano, l.body, l.attributes])),
      ),
    ).toEqual(
      fromJson.resourceLogs.map((r) =>
        r.scopeLogs.map((s) => s.logRecords.map((l) => [l.timeUnixNano, l.body, l.attributes])),
      ),
    );
  });

  it("decodes metrics: sums with their temporality, points with their times and values", () => {
    const { request } = claudeCodeMetrics({ sessions: 2, points: 3, temporality: 2 });
    const decoded = metricsRequest.parse(decodeMetricsRequest(encodeMetricsRequest(request)));
    const metrics = decoded.resourceMetrics.flatMap((r) => r.scopeMetrics.flatMap((s) => s.metrics));
    expect(metrics.map((m) => m.name)).toEqual([
      "claude_code.cost.usage",
      "claude_code.token.usage",
      "claude_code.cost.usage",
      "claude_code.token.usage",
    ]);
    expect(metrics[0]!.sum!.aggregationTemporality).toBe("cumulative");
    expect(metrics[0]!.sum!.dataPoints.map((p) => p.asDouble)).toEqual([0.5, 1, 1.5]);
  });

  it("refuses bytes that are not protobuf, naming where they go wrong", () => {
    expect(() => decodeLogsRequest(Uint8Array.from([0x0a, 0x20, 0x01]))).toThrow(WireError);
    expect(() => decodeLogsRequest(Uint8Array.from([0x0f]))).toThrow(/wire type 7/);
    expect(() => decodeLogsRequest(Buffer.from('{"resourceLogs":[]}'))).toThrow(WireError);
  });
});
