import type { SourceFormat } from "@/lib/session";

/**
 * Display formatting for the dashboard: numbers, percentages, durations, dates and token counts.
 * Pure and locale-fixed (en-US, UTC) so server and client render the same text. `null` → an em dash.
 */

export const MISSING = "—";

const integer = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });
const compact = new Intl.NumberFormat("en-US", { notation: "compact", maximumFractionDigits: 1 });

/** 1234 → "1,234". */
export function formatCount(value: number | null | undefined): string {
  return value == null || !Number.isFinite(value) ? MISSING : integer.format(value);
}

/** 1234567 → "1.2M"; under 10,000 the exact count is kept. */
export function formatCompact(value: number | null | undefined): string {
  if (value == null || !Number.isFinite(value)) return MISSING;
  return Math.abs(value) < 10_000 ? integer.format(value) : compact.format(value);
}

/** A 0..1 ratio as a percentage: 0.8567 → "86%", or with `digits` → "85.7%". */
export function formatPercent(ratio: number | null | undefined, digits = 0): string {
  if (ratio == null || !Number.isFinite(ratio)) return MISSING;
  return `${(ratio * 100).toFixed(digits)}%`;
}

/** Milliseconds as the two largest units: 950 → "950 ms", 83_000 → "1m 23s", 7_380_000 → "2h 3m". */
export function formatDuration(ms: number | null | undefined): string {
  if (ms == null || !Number.isFinite(ms) || ms < 0) return MISSING;
  if (ms < 1000) return `${Math.round(ms)} ms`;
  const totalSeconds = Math.round(ms / 1000);
  if (totalSeconds < 60) return `${totalSeconds}s`;
  const days = Math.floor(totalSeconds / 86_400);
  const hours = Math.floor((totalSeconds % 86_400) / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const seconds = totalSeconds % 60;
  if (days > 0) return hours > 0 ? `${days}d ${hours}h` : `${days}d`;
  if (hours > 0) return minutes > 0 ? `${hours}h ${minutes}m` : `${hours}h`;
  return seconds > 0 ? `${minutes}m ${seconds}s` : `${minutes}m`;
}

const pad = (n: number) => String(n).padStart(2, "0");

/** Epoch ms as "2025-03-04 09:05" (UTC). */
export function formatDateTime(ms: number | null | undefined): string {
  if (ms == null || !Number.isFinite(ms)) return MISSING;
  const d = new Date(ms);
  return `${formatDate(ms)} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
}

/** Epoch ms as "2025-03-04" (UTC). */
export function formatDate(ms: number | null | undefined): string {
  if (ms == null || !Number.isFinite(ms)) return MISSING;
  const d = new Date(ms);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}

/** Epoch ms as an ISO string for `<time dateTime>`, or undefined. */
export function isoOrUndefined(ms: number | null | undefined): string | undefined {
  return ms == null || !Number.isFinite(ms) ? undefined : new Date(ms).toISOString();
}

/** How long before `now` the moment `ms` was: "just now", "5 min ago", "3 h ago", "2 d ago", then the date. */
export function formatRelative(ms: number | null | undefined, now: number): string {
  if (ms == null || !Number.isFinite(ms)) return MISSING;
  const seconds = Math.round((now - ms) / 1000);
  if (seconds < 0) return formatDate(ms);
  if (seconds < 60) return "just now";
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min ago`;
  if (seconds < 86_400) return `${Math.floor(seconds / 3600)} h ago`;
  if (seconds < 30 * 86_400) return `${Math.floor(seconds / 86_400)} d ago`;
  return formatDate(ms);
}

/** A nullable boolean feature: true → "yes", false → "no", null → "unknown". */
export function formatFlag(value: boolean | null | undefined): string {
  return value == null ? "unknown" : value ? "yes" : "no";
}

/** "code_development" → "code development". */
export function humanize(value: string): string {
  return value.replace(/[_-]+/g, " ").trim();
}

const SOURCE_NAMES: Record<SourceFormat, string> = {
  acos: "ACOS",
  "claude-code": "Claude Code",
  codex: "Codex CLI",
  gemini: "Gemini CLI",
  opencode: "OpenCode",
  antigravity: "Antigravity CLI",
};

/** A source format's product name: "acos" → "ACOS"; unknown formats are shown as they are. */
export function sourceName(format: string): string {
  return SOURCE_NAMES[format as SourceFormat] ?? format;
}

/** A count with its noun: (1, "session") → "1 session", (1200, "session") → "1,200 sessions". */
export function formatQuantity(count: number, noun: string): string {
  return `${formatCount(count)} ${noun}${count === 1 ? "" : "s"}`;
}

/** 0.25 → "+25 pp", -0.031 → "−3 pp"; with `digits`, 0.2512 → "+25.1 pp". */
export function formatPoints(diff: number, digits = 0): string {
  const value = Math.abs(diff * 100).toFixed(digits);
  if (Number(value) === 0) return `0 pp`;
  return `${diff < 0 ? "−" : "+"}${value} pp`;
}

/** The 95% interval in points: "+14…+36 pp". */
export function formatInterval(low: number, high: number, digits = 0): string {
  return `${formatPoints(low, digits).replace(" pp", "")}…${formatPoints(high, digits)}`;
}

/** A difference in points with its 95% interval: "+5 pp (95% CI −3 pp … +12 pp)". */
export function formatDifference(estimate: number, low: number, high: number): string {
  return `${formatPoints(estimate)} (95% CI ${formatPoints(low)} … ${formatPoints(high)})`;
}

/** 0.2 → "20%", 0.05 → "5%", 0.125 → "12.5%". */
export function formatShare(share: number): string {
  const percent = Math.round(share * 1000) / 10;
  return `${percent}%`;
}

/** Two-sided p-value to two significant digits: "p = 0.43", "p = 0.012", "p < 0.001". */
export function formatPValue(p: number): string {
  if (!Number.isFinite(p)) return "p = —";
  if (p < 0.001) return "p < 0.001";
  return `p = ${Number(p.toPrecision(2))}`;
}

const usd = new Intl.NumberFormat("en-US", {
  style: "currency",
  currency: "USD",
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** US dollars: 6.2139 → "$6.21", 1234.5 → "$1,234.50"; a positive amount under a cent → "<$0.01". */
export function formatUsd(value: number | null | undefined): string {
  if (value == null || !Number.isFinite(value)) return MISSING;
  return value > 0 && value < 0.005 ? "<$0.01" : usd.format(value);
}

/** A byte limit in megabytes as messages give it: 0.5, not 0. */
export const inMegabytes = (bytes: number) => Number((bytes / (1024 * 1024)).toFixed(2));
