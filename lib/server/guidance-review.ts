import "server-only";
import { transaction, type Db } from "@/db/client";
import { reviewRecords, saveReviewRecord, sessionUploaders, uploaderCounts } from "@/db/queries/guidance-reviews";
import { ApiError, notFound } from "@/lib/api-error";
import { citedSessions, itemProvenance, type Provenance } from "@/lib/guidance/provenance";
import {
  decide,
  reviewableItems,
  reviewGuidance,
  type PendingChange,
  type ReviewedItemData,
  type Verdict,
} from "@/lib/guidance/review";
import type { KnowledgeItem } from "@/lib/knowledge/contract";
import { actorLabel, audit } from "./auth/audit";
import type { SignedIn } from "./auth/caller";
import { currentGuidance } from "./guidance";
import { reviewMode, type ReviewMode } from "./review-gate";

export type PendingView = PendingChange & { provenance: Provenance };

export interface ReviewListing {
  project: string;
  mode: ReviewMode;
  /** Generation of the guidance the changes are against. */
  generation: number;
  /** Items agents get now (with review off: every item). */
  served: number;
  pending: PendingView[];
}

/** Provenance of items, from who uploaded the sessions they cite and the project's sessions per uploader. */
async function provenanceOf(db: Db, projectId: number, items: readonly ReviewedItemData[]): Promise<Provenance[]> {
  const cited = new Map(
    [...(await sessionUploaders(db, projectId, citedSessions(items)))].map(([id, u]) => [id, u.label]),
  );
  const project = (await uploaderCounts(db, projectId)).map((u) => ({ label: u.label, sessions: u.sessions }));
  return items.map((item) => itemProvenance(item, cited, project));
}

/** What waits for an owner, as a diff against the accepted versions, each change with its provenance. Null: no such project. */
export async function guidanceReview(db: Db, slug: string): Promise<ReviewListing | null> {
  const guidance = await currentGuidance(db, slug);
  if (!guidance) return null;
  const mode = await reviewMode(db, guidance.projectId);
  const records = await reviewRecords(db, guidance.projectId);
  const state = reviewGuidance(guidance.content, records);
  const current = new Map(reviewableItems(guidance.content).map((i) => [i.key, i.data]));
  const accepted = new Map(records.flatMap((r) => (r.accepted ? [[r.key, r.accepted.item] as const] : [])));
  const data = state.pending.map((c) => (c.kind === "removed" ? accepted.get(c.key)! : current.get(c.key)!));
  const provenance = await provenanceOf(db, guidance.projectId, data);
  return {
    project: guidance.project,
    mode,
    generation: guidance.generation,
    served: mode.on ? reviewableItems(state.served).length : current.size,
    pending: state.pending.map((c, i) => ({ ...c, provenance: provenance[i]! })),
  };
}

export interface Decision {
  key: string;
  /** The hash of the version the owner saw (a pending change's `hash`): a version that changed since is refused. */
  hash: string;
  verdict: Verdict;
}

/**
 * Applies an owner's verdicts, each an audit entry (`guidance.accept`, `guidance.reject`), all or none: a key with
 * no pending change at the hash the owner saw (it changed, or was decided meanwhile) refuses the whole request (409).
 */
export async function decideGuidance(
  db: Db,
  slug: string,
  decisions: readonly Decision[],
  caller: SignedIn,
  now: number = Date.now(),
): Promise<{ accepted: number; rejected: number }> {
  const guidance = await currentGuidance(db, slug);
  if (!guidance) throw notFound(`Project "${slug}"`);
  return transaction(db, async () => {
    const records = new Map((await reviewRecords(db, guidance.projectId)).map((r) => [r.key, r]));
    const state = reviewGuidance(guidance.content, [...records.values()]);
    const pending = new Map(state.pending.map((c) => [c.key, c]));
    const current = new Map(reviewableItems(guidance.content).map((i) => [i.key, i]));
    const by = actorLabel(caller);
    const tally = { accepted: 0, rejected: 0 };
    for (const d of decisions) {
      const change = pending.get(d.key);
      if (!change || change.hash !== d.hash) {
        throw new ApiError(
          409,
          "review_stale",
          `"${d.key}" has no pending change at the version shown (it changed or was decided since): load the review again.`,
        );
      }
      await saveReviewRecord(
        db,
        guidance.projectId,
        decide(records.get(d.key), change, current.get(d.key), d.verdict, by, now),
      );
      pending.delete(d.key);
      const text = change.kind === "removed" ? change.oldText : change.text;
      await audit(db, caller, `guidance.${d.verdict}`, slug, {
        key: d.key,
        change: change.kind,
        hash: change.hash,
        text,
      });
      tally[d.verdict === "accept" ? "accepted" : "rejected"] += 1;
    }
    return tally;
  });
}

/** The provenance of each knowledge item (by key), for the Knowledge page. */
export async function knowledgeProvenance(
  db: Db,
  projectId: number,
  items: readonly KnowledgeItem[],
): Promise<Map<string, Provenance>> {
  const data = items.map((item) => ({ section: "knowledge", item }) as const);
  const provenance = await provenanceOf(db, projectId, data);
  return new Map(items.map((item, i) => [item.key, provenance[i]!]));
}

/** How many changes wait for an owner (the Review tab's badge); 0 for an unknown project or one whose review is off. */
export async function pendingCount(db: Db, slug: string): Promise<number> {
  const guidance = await currentGuidance(db, slug);
  if (!guidance || !(await reviewMode(db, guidance.projectId)).on) return 0;
  return reviewGuidance(guidance.content, await reviewRecords(db, guidance.projectId)).pending.length;
}
