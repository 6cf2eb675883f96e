import type { AnyValue, KeyValue } from "./schema";

export type Plain = string | number | boolean | null | Plain[] | { [key: string]: Plain };

/** An OTLP value as plain JSON: 64-bit integers as numbers when exact, else as their digits. */
export function plain(value: AnyValue | undefined): Plain {
  if (!value) return null;
  if (value.stringValue !== undefined) return value.stringValue;
  if (value.boolValue !== undefined) return value.boolValue;
  if (value.intValue !== undefined) {
    const n = Number(value.intValue);
    return Number.isSafeInteger(n) ? n : String(value.intValue);
  }
  if (value.doubleValue !== undefined)
    return typeof value.doubleValue === "number" ? value.doubleValue : value.doubleValue;
  if (value.arrayValue !== undefined) return (value.arrayValue.values ?? []).map(plain);
  if (value.kvlistValue !== undefined) return flatten(value.kvlistValue.values ?? []);
  if (value.bytesValue !== undefined) return value.bytesValue;
  return null;
}

/** Key-value pairs as one object; a key given twice keeps its last value, as OTLP's SDKs do. */
export function flatten(pairs: readonly KeyValue[]): Record<string, Plain> {
  const out: Record<string, Plain> = {};
  for (const { key, value } of pairs) out[key] = plain(value);
  return out;
}

/** Nanoseconds since 1970 (digits or a number) as milliseconds. */
export function nanosToMs(nanos: string | number): number {
  return typeof nanos === "number" ? Math.floor(nanos / 1e6) : Number(BigInt(nanos) / 1_000_000n);
}

/** A stable text of an object, its keys sorted, for keys derived from attributes. */
export function canonical(value: Plain): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  return `{${Object.keys(value)
    .sort()
    .map((k) => `${JSON.stringify(k)}:${canonical(value[k] ?? null)}`)
    .join(",")}}`;
}
