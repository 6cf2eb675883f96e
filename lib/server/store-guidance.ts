import "server-only";
import type { Db } from "@/db/client";
import {
  guidanceVersion,
  latestGuidanceVersion,
  storeGuidanceIfChanged,
  type StoreResult,
} from "@/db/queries/guidance";
import type { GuidanceContent } from "@/lib/guidance/contract";
import { bestEffort } from "./best-effort";

/**
 * `storeGuidanceIfChanged` for a read: when the database cannot be written (full or read-only disk), the guidance
 * is still served — the latest generation if it says the same, else this content under the latest generation's
 * number (its ETag, the content hash, stays exact) — and stored on a later request once the disk is writable.
 */
export async function storeGuidanceForRead(
  db: Db,
  projectId: number,
  content: GuidanceContent,
  contentHash: string,
): Promise<StoreResult> {
  const stored = await bestEffort("storing a new guidance generation", () =>
    storeGuidanceIfChanged(db, projectId, content, contentHash),
  );
  if (stored !== undefined) return stored;
  const latest = await latestGuidanceVersion(db, projectId);
  if (latest !== null && latest.contentHash === contentHash) {
    return {
      current: latest,
      previous: latest.generation > 1 ? await guidanceVersion(db, projectId, latest.generation - 1) : null,
      stored: false,
    };
  }
  return {
    current: { generation: latest?.generation ?? 0, contentHash, createdAt: Date.now(), content },
    previous: latest,
    stored: false,
  };
}
