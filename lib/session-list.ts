import { z } from "zod";
import { parseLenient, type RawQuery } from "@/lib/lenient-query";
import { MEMORY_CATEGORIES, type MemoryCategory } from "@/lib/session";

/**
 * The query of a project's session list, shared by `GET /api/v1/projects/<slug>/sessions` (strict: bad
 * values → 422) and the sessions page (lenient: bad values are dropped and reported); and the page it answers.
 */

export const SESSION_SORTS = ["started", "success", "operations", "duration"] as const;
export type SessionSort = (typeof SESSION_SORTS)[number];

export const SORT_DIRECTIONS = ["desc", "asc"] as const;
type SortDirection = (typeof SORT_DIRECTIONS)[number];

export const DEFAULT_LIMIT = 50;
const MAX_LIMIT = 200;

/** Where the previous page ended: the last row's sort value and id, bound to the order it was read in. */
export interface SessionCursor {
  sort: SessionSort;
  dir: SortDirection;
  value: number;
  id: number;
}

const cursorTuple = z.tuple([z.enum(SESSION_SORTS), z.enum(SORT_DIRECTIONS), z.number(), z.number().int().positive()]);

/** Opaque base64url of `[sort, dir, value, id]`. */
export function encodeCursor(cursor: SessionCursor): string {
  return Buffer.from(JSON.stringify([cursor.sort, cursor.dir, cursor.value, cursor.id])).toString("base64url");
}

/** The cursor in `text`, or null when it is not one this app wrote. */
export function decodeCursor(text: string): SessionCursor | null {
  try {
    const parsed = cursorTuple.safeParse(JSON.parse(Buffer.from(text, "base64url").toString("utf8")));
    if (!parsed.success) return null;
    const [sort, dir, value, id] = parsed.data;
    return { sort, dir, value, id };
  } catch {
    return null;
  }
}

export interface SessionListQuery {
  sort: SessionSort;
  dir: SortDirection;
  limit: number;
  cursor?: SessionCursor;
  category?: MemoryCategory;
  domain?: string;
  /** The agent that produced the session (`claude-code`, `codex`, …). */
  agent?: string;
  q?: string;
  /** Inclusive first day, `YYYY-MM-DD` (UTC). */
  from?: string;
  /** Inclusive last day, `YYYY-MM-DD` (UTC). */
  to?: string;
}

const DAY_MS = 86_400_000;

/** The half-open `[from, to)` range of `started_at` (epoch ms) that the query's days cover. */
export function startedRange(query: Pick<SessionListQuery, "from" | "to">): { from?: number; to?: number } {
  return {
    from: query.from ? Date.parse(`${query.from}T00:00:00Z`) : undefined,
    to: query.to ? Date.parse(`${query.to}T00:00:00Z`) + DAY_MS : undefined,
  };
}

/** HTML GET forms send empty fields as "": treat them as absent. */
const blank = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);

export const sessionListQuerySchema = z
  .object({
    sort: z.preprocess(blank, z.enum(SESSION_SORTS).default("started")),
    dir: z.preprocess(blank, z.enum(SORT_DIRECTIONS).default("desc")),
    limit: z.preprocess(blank, z.coerce.number().int().min(1).max(MAX_LIMIT).default(DEFAULT_LIMIT)),
    cursor: z.preprocess(blank, z.string().max(400).optional()),
    category: z.preprocess(blank, z.enum(MEMORY_CATEGORIES).optional()),
    domain: z.preprocess(blank, z.string().trim().max(100).optional()),
    agent: z.preprocess(blank, z.string().trim().max(100).optional()),
    q: z.preprocess(blank, z.string().trim().max(200).optional()),
    from: z.preprocess(blank, z.iso.date().optional()),
    to: z.preprocess(blank, z.iso.date().optional()),
  })
  .transform((value, ctx): SessionListQuery => {
    const { cursor: cursorText, ...rest } = value;
    if (rest.from && rest.to && rest.from > rest.to) {
      ctx.addIssue({ code: "custom", path: ["to"], message: "must not be before from", input: rest.to });
    }
    if (cursorText === undefined) return rest;
    const cursor = decodeCursor(cursorText);
    if (!cursor) {
      ctx.addIssue({ code: "custom", path: ["cursor"], message: "is not a valid cursor", input: cursorText });
    } else if (cursor.sort !== rest.sort || cursor.dir !== rest.dir) {
      ctx.addIssue({
        code: "custom",
        path: ["cursor"],
        message: "belongs to a different sort order",
        input: cursorText,
      });
    }
    return cursor ? { ...rest, cursor } : rest;
  });

/** Parses a page's search params, dropping (and naming) the fields that are invalid instead of failing. */
export function parseSessionListLenient(raw: RawQuery): { query: SessionListQuery; ignored: string[] } {
  const { value, ignored } = parseLenient(sessionListQuerySchema, raw);
  return { query: value, ignored };
}

/** One row of the list (db/queries/sessions.ts SessionListItem). */
export const sessionListItemSchema = z.object({
  id: z.number(),
  externalId: z.string(),
  task: z.string().nullable(),
  agent: z.string(),
  format: z.string(),
  domain: z.string(),
  category: z.string(),
  startedAt: z.number(),
  durationMs: z.number().nullable(),
  successScore: z.number(),
  successSource: z.string(),
  operationCount: z.number(),
  filesModifiedCount: z.number(),
  filesReadCount: z.number().nullable(),
});

/** One keyset page; `nextCursor` is passed back as `cursor` for the next, null on the last page. */
export const sessionPageSchema = z.object({ items: z.array(sessionListItemSchema), nextCursor: z.string().nullable() });
