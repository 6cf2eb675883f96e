import { z } from "zod";
import { identifierTooLong, MAX_IDENTIFIER } from "@/lib/ingest/identifier-limits";

/**
 * Field schemas shared by the ACOS record parsers, with messages written for the person who has to fix
 * the file: "required", "expected a number, got string", "must be between 0 and 1".
 */

function kind(input: unknown): string {
  if (input === null) return "null";
  if (Array.isArray(input)) return "array";
  return typeof input;
}

const expected = (what: string) => ({
  error: (issue: { input?: unknown }) =>
    issue.input === undefined ? "required" : `expected ${what}, got ${kind(issue.input)}`,
});

export const text = () => z.string(expected("a string"));

export const nonEmptyText = () => text().min(1, { error: "must not be empty" });

/** An id (of a record, a session): at most MAX_IDENTIFIER characters, since ids are indexed. */
export const identifier = () =>
  text().max(MAX_IDENTIFIER, { error: (issue) => identifierTooLong((issue.input as string).length) });

export const fraction = () =>
  z
    .number(expected("a number"))
    .min(0, { error: "must be between 0 and 1" })
    .max(1, { error: "must be between 0 and 1" });

export const wholeNumber = (min: number) =>
  z
    .number(expected("a number"))
    .int({ error: "must be a whole number" })
    .min(min, { error: `must be ${min} or more` });

export const nonNegative = () => z.number(expected("a number")).min(0, { error: "must be 0 or more" });

/** The latest time a JavaScript `Date` can hold: later "times" cannot be shown or bucketed by day. */
const MAX_EPOCH_MS = 8.64e15;

/** ISO-8601 string or epoch milliseconds (from 1970 to the last time a `Date` holds) → epoch milliseconds. */
export function toEpochMs(value: unknown): number | null {
  if (typeof value === "number") return Number.isFinite(value) && value >= 0 && value <= MAX_EPOCH_MS ? value : null;
  if (typeof value !== "string" || !/^\d{4}-\d{2}-\d{2}/.test(value)) return null;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : ms;
}

export const timestamp = () =>
  z.unknown().transform((value, ctx) => {
    const ms = toEpochMs(value);
    if (ms !== null) return ms;
    const shown = value === undefined ? "nothing" : JSON.stringify(value).slice(0, 40);
    ctx.addIssue({ code: "custom", message: `expected an ISO date string or epoch milliseconds, got ${shown}` });
    return z.NEVER;
  });
