import { z } from "zod";

/**
 * OTLP/JSON's requests (opentelemetry.io/docs/specs/otlp/#json-protobuf-encoding) as far as Starlight reads them;
 * unknown fields are ignored, as the specification asks of receivers. 64-bit integers come as decimal strings (or
 * numbers, from lenient encoders); the protobuf decoder (./proto.ts) produces the same shape.
 */

const int64 = z.union([z.string().regex(/^-?\d{1,20}$/, "must be an integer"), z.number().int()]);
const unixNano = z.union([
  z.string().regex(/^\d{1,20}$/, "must be nanoseconds since 1970"),
  z.number().int().nonnegative(),
]);

export type AnyValue = {
  stringValue?: string;
  boolValue?: boolean;
  intValue?: string | number;
  doubleValue?: number | string;
  arrayValue?: { values?: AnyValue[] };
  kvlistValue?: { values?: KeyValue[] };
  bytesValue?: string;
};
export type KeyValue = { key: string; value?: AnyValue };

// Only the nested values are lazy: a plain object schema is compiled once, a lazy one is looked up at every value.
export const anyValue: z.ZodType<AnyValue> = z.object({
  stringValue: z.string().optional(),
  boolValue: z.boolean().optional(),
  intValue: int64.optional(),
  doubleValue: z.union([z.number(), z.enum(["NaN", "Infinity", "-Infinity"])]).optional(),
  arrayValue: z.lazy(() => z.object({ values: z.array(anyValue).optional() })).optional(),
  kvlistValue: z.lazy(() => z.object({ values: z.array(keyValue).optional() })).optional(),
  bytesValue: z.string().optional(),
});

export const keyValue: z.ZodType<KeyValue> = z.object({ key: z.string(), value: anyValue.optional() });

const attributes = z.array(keyValue).default([]);
const resource = z.object({ attributes }).default({ attributes: [] });

const logRecord = z.object({
  timeUnixNano: unixNano.optional(),
  observedTimeUnixNano: unixNano.optional(),
  body: anyValue.optional(),
  attributes,
  eventName: z.string().optional(),
});

export const logsRequest = z.object({
  resourceLogs: z
    .array(
      z.object({ resource, scopeLogs: z.array(z.object({ logRecords: z.array(logRecord).default([]) })).default([]) }),
    )
    .default([]),
});
export type LogsRequest = z.output<typeof logsRequest>;
export type LogRecord = z.output<typeof logRecord>;

const dataPoint = z.object({
  attributes,
  startTimeUnixNano: unixNano.optional(),
  timeUnixNano: unixNano,
  asDouble: z.union([z.number(), z.enum(["NaN", "Infinity", "-Infinity"])]).optional(),
  asInt: int64.optional(),
});

/** 1 delta, 2 cumulative; names as some encoders write them. */
const temporality = z
  .union([
    z.literal(0),
    z.literal(1),
    z.literal(2),
    z.enum([
      "AGGREGATION_TEMPORALITY_UNSPECIFIED",
      "AGGREGATION_TEMPORALITY_DELTA",
      "AGGREGATION_TEMPORALITY_CUMULATIVE",
    ]),
  ])
  .transform((t) => (t === 2 || t === "AGGREGATION_TEMPORALITY_CUMULATIVE" ? "cumulative" : "delta"));

const numbers = z.object({
  dataPoints: z.array(dataPoint).default([]),
  aggregationTemporality: temporality.optional(),
});

const metric = z.object({
  name: z.string().min(1),
  unit: z.string().optional(),
  sum: numbers.optional(),
  gauge: numbers.optional(),
});

export const metricsRequest = z.object({
  resourceMetrics: z
    .array(
      z.object({ resource, scopeMetrics: z.array(z.object({ metrics: z.array(metric).default([]) })).default([]) }),
    )
    .default([]),
});
export type MetricsRequest = z.output<typeof metricsRequest>;
export type DataPoint = z.output<typeof dataPoint>;
