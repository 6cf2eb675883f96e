import { describe, expect, it } from "vitest";
import {
  MISSING,
  formatInterval,
  formatPoints,
  formatPValue,
  formatShare,
  formatCompact,
  formatCount,
  formatUsd,
  formatDate,
  formatDateTime,
  formatDuration,
  formatFlag,
  formatPercent,
  formatQuantity,
  formatRelative,
  humanize,
  isoOrUndefined,
  sourceName,
} from "./format";

describe("formatCount / formatCompact", () => {
  it("groups thousands and shows missing values as a dash", () => {
    expect(formatCount(1234567)).toBe("1,234,567");
    expect(formatCount(0)).toBe("0");
    expect(formatCount(null)).toBe(MISSING);
    expect(formatCount(Number.NaN)).toBe(MISSING);
  });

  it("keeps small numbers exact and abbreviates large ones", () => {
    expect(formatCompact(9999)).toBe("9,999");
    expect(formatCompact(12_345)).toBe("12.3K");
    expect(formatCompact(1_250_000)).toBe("1.3M");
    expect(formatCompact(undefined)).toBe(MISSING);
  });
});

describe("formatPercent", () => {
  it("formats a 0..1 ratio", () => {
    expect(formatPercent(0.8567)).toBe("86%");
    expect(formatPercent(0.8567, 1)).toBe("85.7%");
    expect(formatPercent(0)).toBe("0%");
    expect(formatPercent(1)).toBe("100%");
    expect(formatPercent(null)).toBe(MISSING);
  });
});

describe("formatDuration", () => {
  it.each([
    [0, "0 ms"],
    [950, "950 ms"],
    [1000, "1s"],
    [59_400, "59s"],
    [60_000, "1m"],
    [83_000, "1m 23s"],
    [3_600_000, "1h"],
    [7_380_000, "2h 3m"],
    [90_000_000, "1d 1h"],
    [86_400_000, "1d"],
  ])("%d ms → %s", (ms, text) => {
    expect(formatDuration(ms)).toBe(text);
  });

  it("shows missing or negative durations as a dash", () => {
    expect(formatDuration(null)).toBe(MISSING);
    expect(formatDuration(-5)).toBe(MISSING);
  });
});

describe("dates", () => {
  const at = Date.UTC(2025, 2, 4, 9, 5, 30);

  it("formats in UTC", () => {
    expect(formatDate(at)).toBe("2025-03-04");
    expect(formatDateTime(at)).toBe("2025-03-04 09:05");
    expect(isoOrUndefined(at)).toBe("2025-03-04T09:05:30.000Z");
    expect(isoOrUndefined(null)).toBeUndefined();
    expect(formatDateTime(null)).toBe(MISSING);
  });

  it("describes how long ago, falling back to the date", () => {
    expect(formatRelative(at, at + 10_000)).toBe("just now");
    expect(formatRelative(at, at + 5 * 60_000)).toBe("5 min ago");
    expect(formatRelative(at, at + 3 * 3_600_000)).toBe("3 h ago");
    expect(formatRelative(at, at + 2 * 86_400_000)).toBe("2 d ago");
    expect(formatRelative(at, at + 40 * 86_400_000)).toBe("2025-03-04");
    expect(formatRelative(at, at - 1000)).toBe("2025-03-04");
    expect(formatRelative(null, at)).toBe(MISSING);
  });
});

describe("formatFlag / humanize", () => {
  it("says unknown for NULL features", () => {
    expect(formatFlag(true)).toBe("yes");
    expect(formatFlag(false)).toBe("no");
    expect(formatFlag(null)).toBe("unknown");
  });

  it("turns identifiers into words", () => {
    expect(humanize("code_development")).toBe("code development");
    expect(humanize("multi-file")).toBe("multi file");
  });
});

describe("sourceName", () => {
  it("names known formats and passes others through", () => {
    expect(sourceName("acos")).toBe("ACOS");
    expect(sourceName("claude-code")).toBe("Claude Code");
    expect(sourceName("codex")).toBe("Codex CLI");
    expect(sourceName("gemini")).toBe("Gemini CLI");
    expect(sourceName("opencode")).toBe("OpenCode");
    expect(sourceName("antigravity")).toBe("Antigravity CLI");
    expect(sourceName("cursor")).toBe("cursor");
  });
});

describe("formatQuantity", () => {
  it("pluralises the noun", () => {
    expect(formatQuantity(1, "session")).toBe("1 session");
    expect(formatQuantity(0, "session")).toBe("0 sessions");
    expect(formatQuantity(1200, "project")).toBe("1,200 projects");
  });
});

describe("formatUsd", () => {
  it("shows dollars and cents, amounts under a cent as such, and nothing as a dash", () => {
    expect([formatUsd(6.2139857), formatUsd(1234.5), formatUsd(0), formatUsd(0.001), formatUsd(null)]).toEqual([
      "$6.21",
      "$1,234.50",
      "$0.00",
      "<$0.01",
      "—",
    ]);
  });
});

describe("percentage points, shares and p-values", () => {
  it("formats signed points and intervals", () => {
    expect(formatPoints(0.25)).toBe("+25 pp");
    expect(formatPoints(-0.031)).toBe("−3 pp");
    expect(formatPoints(0.001)).toBe("0 pp");
    expect(formatInterval(0.14, 0.36)).toBe("+14…+36 pp");
    expect(formatInterval(-0.05, 0.2, 1)).toBe("−5.0…+20.0 pp");
  });

  it("writes shares and p-values as people do", () => {
    expect(formatShare(0.2)).toBe("20%");
    expect(formatShare(0.05)).toBe("5%");
    expect(formatShare(0.125)).toBe("12.5%");
    expect(formatPValue(0.4321)).toBe("p = 0.43");
    expect(formatPValue(0.0123)).toBe("p = 0.012");
    expect(formatPValue(0.0002)).toBe("p < 0.001");
  });
});
