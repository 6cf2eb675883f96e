import "server-only";
import type { Db } from "@/db/client";
import {
  storeRecords as writeRecords,
  storeRecordSets as writeRecordSets,
  type Records,
  type RowRules,
  type StoreResult,
} from "@/db/queries/session-writes";
import { sessionMemoryRow, sessionRow, type Uploader } from "@/lib/ingest/session-rows";
import { classifyPattern } from "@/lib/learn/classify";
import { patternMemory } from "@/lib/learn/memory";
import { remembersPattern } from "@/lib/learn/tool-sequence";

/**
 * What a record becomes when stored (db/queries/session-writes.ts writes it): a session's row with its features,
 * success and category, and the memory it teaches (lib/ingest/session-rows.ts, lib/learn/); a tool pattern's category
 * (lib/learn/classify.ts) and its memory when the pattern is one to remember (lib/learn/tool-sequence.ts).
 */
export const ROW_RULES: RowRules = {
  session: sessionRow,
  sessionMemory: sessionMemoryRow,
  pattern: (slug, p, format) => {
    const category = classifyPattern({ avgSuccess: p.avgSuccess, count: p.count });
    return { category, memory: remembersPattern(format, category) ? patternMemory(slug, p, category, format) : null };
  },
};

/** Stores one parsed file's records for a project in one transaction (`storeRecordSets` in db/queries/session-writes.ts). */
export function storeRecords(
  db: Db,
  slug: string,
  records: Records,
  uploader: Uploader | null = null,
): Promise<StoreResult> {
  return writeRecords(db, ROW_RULES, slug, records, uploader);
}

/** Stores several files' records for a project in one transaction, answering each file's counts in order. */
export function storeRecordSets(
  db: Db,
  slug: string,
  sets: readonly Records[],
  uploader: Uploader | null = null,
): Promise<StoreResult[]> {
  return writeRecordSets(db, ROW_RULES, slug, sets, uploader);
}
