import { createHash } from "node:crypto";
import { redactDeep } from "@/lib/redact";
import { canonical, flatten, nanosToMs, type Plain } from "./attributes";
import { z } from "zod";
import { PROJECT_ATTRIBUTE, sessionIdAttribute } from "./claude-code";
import type { DataPoint, MetricsRequest } from "./schema";

/**
 * Claude Code's OpenTelemetry metrics (claude_code.cost.usage, claude_code.token.usage, …) as points. A point's key
 * is its series (metric and attributes) and its start time, plus its end time for a delta point: a delta point sent
 * again is the same row, and a cumulative series keeps one row per start that its newer points overwrite, so summing
 * the rows counts each unit once whichever temporality the exporter uses.
 */

export interface MetricPoint {
  key: string;
  /** Without the `claude_code.` prefix: cost.usage, token.usage, session.count, … */
  name: string;
  sessionId: string | null;
  person: string | null;
  model: string | null;
  /** The token type of token.usage (input, output, cacheRead, cacheCreation), a decision's tool, …, as sent. */
  type: string | null;
  startMs: number | null;
  at: number;
  value: number;
  attributes: Record<string, Plain>;
}

export interface ResourcePoints {
  project: string | null;
  points: MetricPoint[];
}

const PREFIX = "claude_code.";
const text = (value: Plain | undefined) => (typeof value === "string" && value !== "" ? value : null);

function valueOf(point: DataPoint): number | null {
  if (point.asDouble !== undefined) return typeof point.asDouble === "number" ? point.asDouble : null;
  if (point.asInt !== undefined) return Number(point.asInt);
  return null;
}

/** The point's session id; one too long to store refuses the request, naming the attribute at `path`. */
function sessionOf(value: Plain | undefined, path: (string | number)[]): string | null {
  const parsed = sessionIdAttribute.optional().safeParse(value);
  if (!parsed.success)
    throw new z.ZodError(
      parsed.error.issues.map((issue) => ({ ...issue, path: [...path, "attributes", "session.id"] })),
    );
  return parsed.data ? parsed.data : null;
}

function mapPoint(
  name: string,
  temporality: "delta" | "cumulative",
  point: DataPoint,
  resource: Record<string, Plain>,
  path: (string | number)[],
): MetricPoint | null {
  const value = valueOf(point);
  if (value === null || !Number.isFinite(value)) return null;
  const attributes = { ...resource, ...flatten(point.attributes) };
  delete attributes[PROJECT_ATTRIBUTE];
  const start = point.startTimeUnixNano === undefined ? null : String(point.startTimeUnixNano);
  const key = createHash("sha256")
    .update(
      JSON.stringify([name, canonical(attributes), start, temporality === "delta" ? String(point.timeUnixNano) : null]),
    )
    .digest("hex");
  return redactDeep({
    key,
    name,
    sessionId: sessionOf(attributes["session.id"], path),
    person: text(attributes["user.email"]) ?? text(attributes["user.account_uuid"]) ?? text(attributes["user.id"]),
    model: text(attributes.model),
    type: text(attributes.type),
    startMs: start === null || start === "0" ? null : nanosToMs(start),
    at: nanosToMs(point.timeUnixNano),
    value,
    attributes,
  });
}

export interface MappedMetrics {
  resources: ResourcePoints[];
  /** Points of other metrics, or with no number (histograms, NaN), left out. */
  ignored: number;
}

/** A metrics request's Claude Code points, per resource. A gauge is kept as a cumulative series (its latest value). */
export function mapMetrics(request: MetricsRequest): MappedMetrics {
  let ignored = 0;
  const resources = request.resourceMetrics.map((resourceMetrics, r): ResourcePoints => {
    const resource = flatten(resourceMetrics.resource.attributes);
    const project = text(resource[PROJECT_ATTRIBUTE]);
    const points: MetricPoint[] = [];
    for (const [s, scope] of resourceMetrics.scopeMetrics.entries()) {
      for (const [m, metric] of scope.metrics.entries()) {
        const numbers = metric.sum ?? metric.gauge;
        if (!metric.name.startsWith(PREFIX) || !numbers) {
          ignored += numbers?.dataPoints.length ?? 1;
          continue;
        }
        const temporality = metric.sum ? (numbers.aggregationTemporality ?? "cumulative") : "cumulative";
        for (const [p, point] of numbers.dataPoints.entries()) {
          const path = [
            "resourceMetrics",
            r,
            "scopeMetrics",
            s,
            "metrics",
            m,
            metric.sum ? "sum" : "gauge",
            "dataPoints",
            p,
          ];
          const mapped = mapPoint(metric.name.slice(PREFIX.length), temporality, point, resource, path);
          if (mapped) points.push(mapped);
          else ignored += 1;
        }
      }
    }
    return { project: project?.trim() ? project : null, points };
  });
  return { resources, ignored };
}

/** The points with one per key, the latest (a cumulative series may send several totals in one batch). */
export function latestPerKey(points: readonly MetricPoint[]): MetricPoint[] {
  const latest = new Map<string, MetricPoint>();
  for (const point of points) {
    const seen = latest.get(point.key);
    if (!seen || point.at > seen.at) latest.set(point.key, point);
  }
  return [...latest.values()];
}
