import { z } from "zod";
import { recordError } from "@/lib/ingest/record-error";
import { fraction, nonEmptyText, text, timestamp, wholeNumber } from "@/lib/ingest/schema-fields";
import type { RecordError } from "@/lib/ingest/types";
import { MAX_SEQUENCE_BYTES } from "@/lib/learn/tool-sequence";
import type { ToolPattern } from "@/lib/session";

/** One entry of ACOS `patterns.json`; `isNgram`, `ngramSize` and other extras are tolerated. */
const acosPatternSchema = z.looseObject({
  sequence: nonEmptyText().refine(
    (s) => Buffer.byteLength(s) <= MAX_SEQUENCE_BYTES,
    `longer than ${MAX_SEQUENCE_BYTES.toLocaleString("en")} bytes`,
  ),
  type: text().nullish(),
  count: wholeNumber(1),
  avgSuccess: fraction(),
  discoveredAt: timestamp().nullish(),
  lastSeen: timestamp().nullish(),
});

export type AcosPatternResult = { ok: true; pattern: ToolPattern } | { ok: false; error: RecordError };

export function parseAcosPattern(value: unknown, line: number): AcosPatternResult {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    return { ok: false, error: { line, field: null, message: "expected a JSON object" } };
  }
  const parsed = acosPatternSchema.safeParse(value);
  if (!parsed.success) return { ok: false, error: recordError(parsed.error, line) };
  const p = parsed.data;
  return {
    ok: true,
    pattern: {
      sequence: p.sequence,
      type: p.type ?? null,
      count: p.count,
      avgSuccess: p.avgSuccess,
      discoveredAt: p.discoveredAt ?? null,
      lastSeen: p.lastSeen ?? null,
    },
  };
}
