import { getDb, type Db } from "@/db/client";
import { aggregatesForSlug } from "@/db/queries/aggregates";
import type { GuidanceContent } from "@/lib/guidance/contract";
import { distil } from "@/lib/guidance/distil";

/** A project's guidance content from its aggregates alone (no knowledge, nothing stored); null when there is no such project. */
export async function distilProject(slug: string, db: Db = getDb()): Promise<GuidanceContent | null> {
  const aggregates = await aggregatesForSlug(slug, db);
  return aggregates ? distil(aggregates) : null;
}
