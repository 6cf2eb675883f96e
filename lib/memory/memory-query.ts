import { z } from "zod";
import { parseLenient, type RawQuery } from "@/lib/lenient-query";
import {
  MEMORY_SORTS,
  type MemoryHit,
  type MemoryInput,
  type MemorySearch,
  type MemorySearchResult,
} from "@/lib/memory/contract";
import { MEMORY_CATEGORIES } from "@/lib/session";

/**
 * What the memory vault reads from people: a search from URL params, shared by `GET /api/v1/memories`
 * (strict: bad values → 422) and the Memories page (lenient: bad values are dropped and named); and a memory
 * written or edited by hand (`POST`/`PATCH /api/v1/memories`, the page's forms); and what the API answers with.
 */

export const DEFAULT_LIMIT = 20;
const MAX_LIMIT = 100;
const MAX_OFFSET = 100_000;
export const MAX_CONTENT = 5_000;
const MAX_TAGS = 20;
const MAX_TAG_CHARS = 64;
/** A person's note is trusted, not certain, unless they say otherwise. */
export const DEFAULT_CONFIDENCE = 0.8;

const TAG_PATTERN = /^[a-z0-9][a-z0-9_.:-]*$/;
const TAG_RULE = "lowercase letters, digits and _ . : - (starting with a letter or digit)";

/** HTML GET forms send empty fields as "": treat them as absent. */
const blank = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);

/** `0.7`, `"0.7"` or `"70%"` → 0.7; anything else is left for the number check to refuse. */
function toFraction(value: unknown): unknown {
  if (typeof value !== "string") return value;
  const text = value.trim();
  if (text === "") return undefined;
  const percent = /^(\d+(?:\.\d+)?)\s*%$/.exec(text);
  return percent ? Number(percent[1]) / 100 : Number(text);
}

const FRACTION_RULE = "must be between 0 and 1, or a percentage such as 70%";
const fraction = z.preprocess(
  toFraction,
  z.number({ error: FRACTION_RULE }).min(0, FRACTION_RULE).max(1, FRACTION_RULE),
);

const tag = z
  .string()
  .trim()
  .toLowerCase()
  .max(MAX_TAG_CHARS)
  .regex(TAG_PATTERN, { error: (issue) => `"${String(issue.input)}" is not a tag: use one token of ${TAG_RULE}` });

/** An array of tags, or one string of tags separated by commas or spaces; lowercased, duplicates dropped. */
const tags = z
  .preprocess(
    (value) =>
      typeof value === "string"
        ? value.split(/[\s,]+/)
        : Array.isArray(value)
          ? value.map((t) => (typeof t === "string" ? t.trim() : t))
          : value,
    z.array(z.string()).transform((list) => list.filter((t) => t !== "")),
  )
  .pipe(z.array(tag).max(MAX_TAGS, `at most ${MAX_TAGS} tags`))
  .transform((list) => [...new Set(list)]);

/** Control characters other than tab and newlines are dropped: the snippet's highlight marks are control characters. */
const content = z
  .string()
  .transform((text) => text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, "").trim())
  .pipe(z.string().min(1, "must not be empty").max(MAX_CONTENT, `at most ${MAX_CONTENT} characters`));

/** A project slug; blank or null means a global memory. */
const project = z.preprocess(
  (value) => (blank(value) === undefined && value !== undefined ? null : value),
  z.string().trim().max(200).nullable().optional(),
);

const pinned = z.preprocess(
  (value) => (value === "true" || value === "on" ? true : value === "false" || value === "off" ? false : value),
  z.boolean(),
);

const fields = {
  project,
  category: z.enum(MEMORY_CATEGORIES),
  content,
  tags,
  confidence: fraction,
  pinned,
};

/** A new memory. Unknown keys are refused (a typo is not silently ignored). */
export const memoryInputSchema = z.strictObject({
  ...fields,
  tags: fields.tags.default([]),
  confidence: fields.confidence.default(DEFAULT_CONFIDENCE),
  pinned: fields.pinned.default(false),
}) satisfies z.ZodType<MemoryInput>;

/** Any subset of a memory's fields; `project: null` makes it a global memory. */
export const memoryPatchSchema = z
  .strictObject({
    project,
    category: fields.category.optional(),
    content: fields.content.optional(),
    tags: fields.tags.optional(),
    confidence: fields.confidence.optional(),
    pinned: fields.pinned.optional(),
  })
  .refine((patch) => Object.values(patch).some((value) => value !== undefined), {
    message: "send at least one of project, category, content, tags, confidence, pinned",
  });

export type MemoryPatch = z.output<typeof memoryPatchSchema>;

export const memorySearchSchema = z
  .object({
    /** Read by toFtsQuery, which looks at the first 1,000 characters only, so any length is accepted. */
    q: z.preprocess(blank, z.string().trim().optional()),
    project: z.preprocess(blank, z.string().trim().max(200).optional()),
    category: z.preprocess(blank, z.enum(MEMORY_CATEGORIES).optional()),
    tag: z.preprocess(blank, tag.optional()),
    minConfidence: z.preprocess(blank, fraction.optional()),
    from: z.preprocess(blank, z.iso.date().optional()),
    to: z.preprocess(blank, z.iso.date().optional()),
    sort: z.preprocess(blank, z.enum(MEMORY_SORTS).optional()),
    limit: z.preprocess(blank, z.coerce.number().int().min(1).max(MAX_LIMIT).default(DEFAULT_LIMIT)),
    offset: z.preprocess(blank, z.coerce.number().int().min(0).max(MAX_OFFSET).default(0)),
  })
  .transform((value, ctx): MemorySearch => {
    if (value.from && value.to && value.from > value.to) {
      ctx.addIssue({ code: "custom", path: ["to"], message: "must not be before from", input: value.to });
    }
    return value;
  });

/** Parses a page's search params, dropping (and naming) the fields that are invalid instead of failing. */
export function parseMemorySearchLenient(raw: RawQuery): { search: MemorySearch; ignored: string[] } {
  const { value, ignored } = parseLenient(memorySearchSchema, raw);
  return { search: value, ignored };
}

/** A memory as the API answers it (lib/memory/contract.ts MemoryHit). */
export const memoryHitSchema = z.object({
  id: z.number(),
  project: z.string().nullable(),
  category: z.enum(MEMORY_CATEGORIES),
  content: z.string(),
  snippet: z.string(),
  tags: z.array(z.string()),
  confidence: z.number(),
  effectiveConfidence: z.number(),
  pinned: z.boolean(),
  source: z.string(),
  sessionId: z.number().nullable(),
  patternId: z.number().nullable(),
  patternSequence: z.string().nullable(),
  createdAt: z.number(),
  updatedAt: z.number(),
  reinforcedAt: z.number().nullable(),
}) satisfies z.ZodType<MemoryHit>;

/** A memory written by a person, with how many secrets were taken out of its content and tags. */
export const writtenMemorySchema = memoryHitSchema.extend({ redacted: z.number() });

const facet = z.object({ value: z.string(), count: z.number() });

/** One page of a memory search (lib/memory/contract.ts MemorySearchResult). */
export const memorySearchResultSchema = z.object({
  items: z.array(memoryHitSchema),
  total: z.number(),
  facets: z.object({ categories: z.array(facet), projects: z.array(facet) }),
  nextOffset: z.number().nullable(),
  halfLifeDays: z.number(),
  bounded: z.string().nullable(),
}) satisfies z.ZodType<MemorySearchResult>;
