import { describe, expect, it } from "vitest";
import { claudeCodeMetrics, encodeMetricsRequest } from "@/test/factories/otlp";
import { latestPerKey, mapMetrics } from "./claude-code-metrics";
import { decodeMetricsRequest } from "./proto";
import { metricsRequest } from "./schema";

const points = (request: Record<string, unknown>, proto = false) =>
  mapMetrics(
    metricsRequest.parse(
      proto ? decodeMetricsRequest(encodeMetricsRequest(request)) : JSON.parse(JSON.stringify(request)),
    ),
  ).resources.flatMap((r) => r.points);

describe("Claude Code's OpenTelemetry metrics as points", () => {
  it("gives each delta point its own key, and the same key when it is sent again", () => {
    const { request, costUsd } = claudeCodeMetrics({ sessions: 2, points: 4 });
    const cost = points(request).filter((p) => p.name === "cost.usage");
    expect(cost).toHaveLength(8);
    expect(new Set(cost.map((p) => p.key)).size).toBe(8);
    expect(cost.reduce((sum, p) => sum + p.value, 0)).toBeCloseTo(costUsd, 9);
    expect(points(request, true).map((p) => p.key)).toEqual(points(request).map((p) => p.key));
  });

  it("gives a cumulative series one key per start, so its later totals replace the earlier", () => {
    const { request, costUsd } = claudeCodeMetrics({ sessions: 2, points: 4, temporality: 2 });
    const cost = points(request).filter((p) => p.name === "cost.usage");
    expect(new Set(cost.map((p) => p.key)).size).toBe(2);
    const latest = new Map<string, number>();
    for (const p of cost) latest.set(p.key, p.value);
    expect([...latest.values()].reduce((a, b) => a + b, 0)).toBeCloseTo(costUsd, 9);
  });

  it("reads the session, person, model and token type from the point's attributes", () => {
    const token = points(claudeCodeMetrics({ sessions: 1, points: 1 }).request).find((p) => p.name === "token.usage")!;
    expect(token).toMatchObject({
      sessionId: "3e7c0000-0000-4000-8000-000000000000",
      person: "dev0@team.test",
      model: "claude-sonnet-4-5",
      type: "input",
      value: 1000,
    });
  });
});

describe("latestPerKey", () => {
  it("keeps one point per key, the latest, as one statement may write each key once", () => {
    const cost = points(claudeCodeMetrics({ sessions: 1, points: 3, temporality: 2 }).request).filter(
      (p) => p.name === "cost.usage",
    );
    expect(latestPerKey(cost).map((p) => p.value)).toEqual([1.5]);
  });

  it("refuses a point whose session.id is over 200 characters (it is indexed), naming the point's attribute", () => {
    const { request } = claudeCodeMetrics({ sessions: 1, points: 1 });
    const json = JSON.parse(JSON.stringify(request)) as {
      resourceMetrics: {
        scopeMetrics: {
          metrics: { sum: { dataPoints: { attributes: { key: string; value: { stringValue: string } }[] }[] } }[];
        }[];
      }[];
    };
    for (const attribute of json.resourceMetrics[0]!.scopeMetrics[0]!.metrics[1]!.sum.dataPoints[0]!.attributes)
      if (attribute.key === "session.id") attribute.value.stringValue = "語".repeat(3_000);
    let error: unknown;
    try {
      points(json);
    } catch (e) {
      error = e;
    }
    expect((error as { issues: { path: unknown[]; message: string }[] }).issues[0]).toMatchObject({
      path: ["resourceMetrics", 0, "scopeMetrics", 0, "metrics", 1, "sum", "dataPoints", 0, "attributes", "session.id"],
      message: "must be at most 200 characters, got 3,000",
    });
  });
});
