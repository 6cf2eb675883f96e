import "server-only";
import type { Db } from "@/db/client";
import { projectPeople, reviewRecords, reviewSetting } from "@/db/queries/guidance-reviews";
import type { GuidanceContent } from "@/lib/guidance/contract";
import { reviewByDefault, reviewGuidance, type ReviewState } from "@/lib/guidance/review";

export interface ReviewMode {
  /** Whether agents get only accepted items. */
  on: boolean;
  /** What an owner chose; null: the project's default. */
  setting: boolean | null;
  /** The default: on with more than one member or uploader. */
  byDefault: boolean;
  /** Members who may upload. */
  members: number;
  /** Distinct uploaders of the project's sessions, counted up to 2 (2: more than one). */
  uploaders: 0 | 1 | 2;
}

export async function reviewMode(db: Db, projectId: number): Promise<ReviewMode> {
  const setting = await reviewSetting(db, projectId);
  const people = await projectPeople(db, projectId);
  const byDefault = reviewByDefault(people);
  return { on: setting ?? byDefault, setting, byDefault, ...people };
}

/** The content agents get: all of it without review; with review, only the accepted versions (lib/guidance/review.ts). */
export async function gatedContent(
  db: Db,
  projectId: number,
  content: GuidanceContent,
): Promise<{ content: GuidanceContent; review: ReviewState | null }> {
  if (!(await reviewMode(db, projectId)).on) return { content, review: null };
  const review = reviewGuidance(content, await reviewRecords(db, projectId));
  return { content: review.served, review };
}

export { reviewSetting, setReviewSetting } from "@/db/queries/guidance-reviews";
