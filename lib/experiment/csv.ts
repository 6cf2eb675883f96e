/**
 * The per-session data behind an experiment report, as CSV (RFC 4180: CRLF line ends, fields with a comma,
 * quote or line break quoted, quotes doubled). Cells that a spreadsheet would run as a formula (starting with
 * = + - @, tab or carriage return) get a leading apostrophe. `followed_<rule>` is the behaviour as observed
 * in the session whether or not it was given that rule (the `rules` column says which it was given or had
 * withheld); empty when the session was not eligible or its transcript has not arrived. The outcomes beyond success
 * (docs/measuring-the-effect.md) follow: duration, tool errors, interruptions and user corrections.
 */
import { BEHAVIOURS } from "@/lib/experiment/behaviours";
import type { EnrolledSession } from "@/lib/experiment/contract";
import { MEASURED_RULES } from "@/lib/experiment/contract";

type Cell = string | number | boolean | null;

const HEADER = [
  "session_id",
  "arm",
  "delivered_at",
  "generation",
  "rules",
  "stored_session_id",
  "started_at",
  "success",
  "operation_count",
  "files_modified",
  "verified_after_edit",
  "read_before_edit_ratio",
  "delegated",
  ...MEASURED_RULES.map((key) => `followed_${key}`),
  "duration_ms",
  "tool_errors",
  "interruptions",
  "corrections",
];

const FORMULA_START = /^[=+\-@\t\r]/;

/** One CSV field: formula-neutralised, then quoted when it must be. */
export function csvField(value: Cell): string {
  if (value === null) return "";
  const text = String(value);
  const safe = FORMULA_START.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

function row(s: EnrolledSession): Cell[] {
  const o = s.outcome;
  const f = o?.features;
  return [
    s.sessionId,
    s.arm,
    new Date(s.deliveredAt).toISOString(),
    s.generation,
    s.rules.join(" "),
    o?.storedSessionId ?? null,
    o ? new Date(o.startedAt).toISOString() : null,
    o?.success ?? null,
    f?.operationCount ?? null,
    f?.filesModified ?? null,
    f?.verifiedAfterEdit ?? null,
    f?.readBeforeEditRatio ?? null,
    f?.delegated ?? null,
    ...MEASURED_RULES.map((key) => (f ? BEHAVIOURS[key].observe(f) : null)),
    o?.durationMs ?? null,
    o?.toolErrors ?? null,
    o?.interruptions ?? null,
    o?.corrections ?? null,
  ];
}

export function experimentCsv(sessions: readonly EnrolledSession[]): string {
  return [HEADER, ...sessions.map(row)].map((cells) => `${cells.map(csvField).join(",")}\r\n`).join("");
}
