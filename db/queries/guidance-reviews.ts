import "server-only";
import { and, count, eq, gt, inArray, min } from "drizzle-orm";
import { type Db } from "@/db/client";
import { guidanceReviews, projectMembers, projects, sessions } from "@/db/schema";
import type { ReviewRecord } from "@/lib/guidance/review";

/** The owners' decisions on the project's guidance items (lib/guidance/review.ts). */
export async function reviewRecords(db: Db, projectId: number): Promise<ReviewRecord[]> {
  const rows = await db
    .select()
    .from(guidanceReviews)
    .where(eq(guidanceReviews.projectId, projectId))
    .orderBy(guidanceReviews.itemKey)
    .all();
  return rows.map((r) => ({
    key: r.itemKey,
    accepted:
      r.acceptedHash !== null && r.acceptedItem !== null
        ? {
            text: r.acceptedText ?? "",
            hash: r.acceptedHash,
            item: r.acceptedItem,
            by: r.acceptedBy ?? "",
            at: r.acceptedAt ?? 0,
          }
        : null,
    rejected: r.rejectedHash !== null ? { hash: r.rejectedHash, by: r.rejectedBy ?? "", at: r.rejectedAt ?? 0 } : null,
  }));
}

/** Stores a decision's record (one row per project and item, replaced). */
export async function saveReviewRecord(db: Db, projectId: number, record: ReviewRecord): Promise<void> {
  const values = {
    acceptedText: record.accepted?.text ?? null,
    acceptedHash: record.accepted?.hash ?? null,
    acceptedItem: record.accepted?.item ?? null,
    acceptedBy: record.accepted?.by ?? null,
    acceptedAt: record.accepted?.at ?? null,
    rejectedHash: record.rejected?.hash ?? null,
    rejectedBy: record.rejected?.by ?? null,
    rejectedAt: record.rejected?.at ?? null,
  };
  await db
    .insert(guidanceReviews)
    .values({ projectId, itemKey: record.key, ...values })
    .onConflictDoUpdate({ target: [guidanceReviews.projectId, guidanceReviews.itemKey], set: values })
    .run();
}

/** The project's review setting: true, false, or null (decided by its members and uploaders). */
export async function reviewSetting(db: Db, projectId: number): Promise<boolean | null> {
  const row = await db
    .select({ review: projects.reviewGuidance })
    .from(projects)
    .where(eq(projects.id, projectId))
    .get();
  return row?.review ?? null;
}

export async function setReviewSetting(db: Db, projectId: number, review: boolean | null): Promise<void> {
  await db.update(projects).set({ reviewGuidance: review }).where(eq(projects.id, projectId)).run();
}

/**
 * How many members may upload to the project (members and owners; viewers cannot), and how many distinct uploaders
 * (user and token) its sessions name, counted up to 2: the lowest uploader, then whether any sorts after it, two seeks
 * of the `sessions_project_uploader` index however many sessions the project holds.
 */
export async function projectPeople(db: Db, projectId: number): Promise<{ members: number; uploaders: 0 | 1 | 2 }> {
  const members = await db
    .select({ n: count() })
    .from(projectMembers)
    .where(and(eq(projectMembers.projectId, projectId), inArray(projectMembers.role, ["member", "owner"])))
    .get();
  const first = await db
    .select({ label: min(sessions.uploadedBy) })
    .from(sessions)
    .where(eq(sessions.projectId, projectId))
    .get();
  if (first?.label == null) return { members: members?.n ?? 0, uploaders: 0 };
  const other = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.projectId, projectId), gt(sessions.uploadedBy, first.label)))
    .limit(1)
    .get();
  return { members: members?.n ?? 0, uploaders: other ? 2 : 1 };
}

export interface UploaderCount {
  userId: number | null;
  tokenId: number | null;
  /** Null for sessions stored before uploaders were recorded. */
  label: string | null;
  sessions: number;
}

/** The project's sessions per uploader, most first: what its rules, lessons and checklists rest on. */
export async function uploaderCounts(db: Db, projectId: number): Promise<UploaderCount[]> {
  const rows = await db
    .select({
      userId: sessions.uploadedByUserId,
      tokenId: sessions.uploadedByTokenId,
      label: sessions.uploadedBy,
      sessions: count(),
    })
    .from(sessions)
    .where(eq(sessions.projectId, projectId))
    .groupBy(sessions.uploadedByUserId, sessions.uploadedByTokenId, sessions.uploadedBy)
    .all();
  return rows
    .map((r) => ({ ...r, sessions: Number(r.sessions) }))
    .sort((a, b) => b.sessions - a.sessions || (a.label ?? "").localeCompare(b.label ?? ""));
}

/** Who uploaded each of these sessions of the project (session id → uploader). */
export async function sessionUploaders(
  db: Db,
  projectId: number,
  sessionIds: readonly number[],
): Promise<Map<number, Omit<UploaderCount, "sessions">>> {
  if (sessionIds.length === 0) return new Map();
  const rows = await db
    .select({
      id: sessions.id,
      userId: sessions.uploadedByUserId,
      tokenId: sessions.uploadedByTokenId,
      label: sessions.uploadedBy,
    })
    .from(sessions)
    .where(and(eq(sessions.projectId, projectId), inArray(sessions.id, [...new Set(sessionIds)])))
    .all();
  return new Map(rows.map(({ id, ...uploader }) => [id, uploader]));
}
