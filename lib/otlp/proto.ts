import { bool, double, fields, fixed64, hex, int64, message, sfixed64, text, uint } from "./wire";

/**
 * OTLP's protobuf requests (opentelemetry-proto, logs/v1 and metrics/v1) decoded into the shape of their OTLP/JSON
 * form (lowerCamelCase names, 64-bit integers as decimal strings, ids as hex), so one zod schema (./schema.ts)
 * validates both encodings. Fields Starlight does not read (exemplars, histograms' buckets, dropped counts) are
 * skipped; a histogram or summary is kept as its name only.
 */

type Json = Record<string, unknown>;

function anyValue(buf: Uint8Array): Json {
  for (const f of fields(buf)) {
    if (f.number === 1) return { stringValue: text(f) };
    if (f.number === 2) return { boolValue: bool(f) };
    if (f.number === 3) return { intValue: int64(f) };
    if (f.number === 4) return { doubleValue: double(f) };
    if (f.number === 5) return { arrayValue: { values: repeated(message(f), 1, anyValue) } };
    if (f.number === 6) return { kvlistValue: { values: repeated(message(f), 1, keyValue) } };
    if (f.number === 7) return { bytesValue: Buffer.from(message(f)).toString("base64") };
  }
  return {};
}

function keyValue(buf: Uint8Array): Json {
  const kv: Json = { key: "" };
  for (const f of fields(buf)) {
    if (f.number === 1) kv.key = text(f);
    else if (f.number === 2) kv.value = anyValue(message(f));
  }
  return kv;
}

/** The messages of repeated field `number`, each decoded. */
function repeated(buf: Uint8Array, number: number, decode: (b: Uint8Array) => Json): Json[] {
  const out: Json[] = [];
  for (const f of fields(buf)) if (f.number === number) out.push(decode(message(f)));
  return out;
}

const attributesOf = (buf: Uint8Array, number: number) => repeated(buf, number, keyValue);

const resource = (buf: Uint8Array): Json => ({ attributes: attributesOf(buf, 1) });

function scope(buf: Uint8Array): Json {
  const out: Json = {};
  for (const f of fields(buf)) {
    if (f.number === 1) out.name = text(f);
    else if (f.number === 2) out.version = text(f);
  }
  return out;
}

function logRecord(buf: Uint8Array): Json {
  const out: Json = { attributes: [] as Json[] };
  for (const f of fields(buf)) {
    if (f.number === 1) out.timeUnixNano = fixed64(f);
    else if (f.number === 11) out.observedTimeUnixNano = fixed64(f);
    else if (f.number === 2) out.severityNumber = uint(f);
    else if (f.number === 3) out.severityText = text(f);
    else if (f.number === 5) out.body = anyValue(message(f));
    else if (f.number === 6) (out.attributes as Json[]).push(keyValue(message(f)));
    else if (f.number === 9) out.traceId = hex(f);
    else if (f.number === 10) out.spanId = hex(f);
    else if (f.number === 12) out.eventName = text(f);
  }
  return out;
}

function scoped(buf: Uint8Array, itemsKey: string, itemsNumber: number, item: (b: Uint8Array) => Json): Json {
  const out: Json = { [itemsKey]: [] as Json[] };
  for (const f of fields(buf)) {
    if (f.number === 1) out.scope = scope(message(f));
    else if (f.number === itemsNumber) (out[itemsKey] as Json[]).push(item(message(f)));
  }
  return out;
}

function resourced(buf: Uint8Array, scopesKey: string, scope: (b: Uint8Array) => Json): Json {
  const out: Json = { [scopesKey]: [] as Json[] };
  for (const f of fields(buf)) {
    if (f.number === 1) out.resource = resource(message(f));
    else if (f.number === 2) (out[scopesKey] as Json[]).push(scope(message(f)));
  }
  return out;
}

/** ExportLogsServiceRequest → `{ resourceLogs }`. */
export function decodeLogsRequest(buf: Uint8Array): Json {
  const scopeLogs = (b: Uint8Array) => scoped(b, "logRecords", 2, logRecord);
  return { resourceLogs: repeated(buf, 1, (b) => resourced(b, "scopeLogs", scopeLogs)) };
}

function numberDataPoint(buf: Uint8Array): Json {
  const out: Json = { attributes: [] as Json[] };
  for (const f of fields(buf)) {
    if (f.number === 7) (out.attributes as Json[]).push(keyValue(message(f)));
    else if (f.number === 2) out.startTimeUnixNano = fixed64(f);
    else if (f.number === 3) out.timeUnixNano = fixed64(f);
    else if (f.number === 4) out.asDouble = double(f);
    else if (f.number === 6) out.asInt = sfixed64(f);
  }
  return out;
}

function numbers(buf: Uint8Array): Json {
  const out: Json = { dataPoints: [] as Json[] };
  for (const f of fields(buf)) {
    if (f.number === 1) (out.dataPoints as Json[]).push(numberDataPoint(message(f)));
    else if (f.number === 2) out.aggregationTemporality = uint(f);
    else if (f.number === 3) out.isMonotonic = bool(f);
  }
  return out;
}

function metric(buf: Uint8Array): Json {
  const out: Json = {};
  for (const f of fields(buf)) {
    if (f.number === 1) out.name = text(f);
    else if (f.number === 2) out.description = text(f);
    else if (f.number === 3) out.unit = text(f);
    else if (f.number === 5) out.gauge = numbers(message(f));
    else if (f.number === 7) out.sum = numbers(message(f));
  }
  return out;
}

/** ExportMetricsServiceRequest → `{ resourceMetrics }`; only gauges and sums carry their points. */
export function decodeMetricsRequest(buf: Uint8Array): Json {
  const scopeMetrics = (b: Uint8Array) => scoped(b, "metrics", 2, metric);
  return { resourceMetrics: repeated(buf, 1, (b) => resourced(b, "scopeMetrics", scopeMetrics)) };
}
