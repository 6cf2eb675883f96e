import "server-only";
import { and, asc, desc, eq } from "drizzle-orm";
import { lockKey, transaction, type Db } from "@/db/client";
import { guidanceVersions, ruleHistory } from "@/db/schema";
import type { GuidanceContent } from "@/lib/guidance/contract";
import type { GenerationRules } from "@/lib/guidance/lifecycle";

export interface GuidanceVersion {
  generation: number;
  contentHash: string;
  createdAt: number;
  content: GuidanceContent;
}

const versionColumns = {
  generation: guidanceVersions.generation,
  contentHash: guidanceVersions.contentHash,
  createdAt: guidanceVersions.createdAt,
  content: guidanceVersions.content,
};

/** The project's latest stored guidance generation, or null before the first. */
export async function latestGuidanceVersion(db: Db, projectId: number): Promise<GuidanceVersion | null> {
  return (
    (await db
      .select(versionColumns)
      .from(guidanceVersions)
      .where(eq(guidanceVersions.projectId, projectId))
      .orderBy(desc(guidanceVersions.generation))
      .limit(1)
      .get()) ?? null
  );
}

/** One stored generation, or null. */
export async function guidanceVersion(db: Db, projectId: number, generation: number): Promise<GuidanceVersion | null> {
  return (
    (await db
      .select(versionColumns)
      .from(guidanceVersions)
      .where(and(eq(guidanceVersions.projectId, projectId), eq(guidanceVersions.generation, generation)))
      .get()) ?? null
  );
}

export interface StoreResult {
  /** The latest generation after the call (new or unchanged). */
  current: GuidanceVersion;
  /** The generation before `current`, or null when `current` is the first. */
  previous: GuidanceVersion | null;
  /** Whether this call wrote a new generation. */
  stored: boolean;
}

/** The lock key of a project's guidance generations (see `lockKey`). */
const guidanceLockKey = (projectId: number) => `guidance-generation:${projectId}`;

/**
 * Stores `content` as the next generation unless the latest already has `contentHash` — in one transaction that
 * writers take one at a time (SQLite's IMMEDIATE transaction; on PostgreSQL the project's guidance lock, taken
 * before the latest generation is read), so concurrent callers (even other processes) never store the same content
 * twice or write the same generation twice. Writes the rules it holds into rule_history in the same transaction.
 */
export async function storeGuidanceIfChanged(
  db: Db,
  projectId: number,
  content: GuidanceContent,
  contentHash: string,
): Promise<StoreResult> {
  return transaction(db, async (): Promise<StoreResult> => {
    await lockKey(db, guidanceLockKey(projectId));
    const latest = await latestGuidanceVersion(db, projectId);
    if (latest && latest.contentHash === contentHash) {
      return {
        current: latest,
        previous: latest.generation > 1 ? await guidanceVersion(db, projectId, latest.generation - 1) : null,
        stored: false,
      };
    }
    const generation = (latest?.generation ?? 0) + 1;
    const current = await db
      .insert(guidanceVersions)
      .values({ projectId, generation, contentHash, content })
      .returning(versionColumns)
      .get();
    if (content.rules.length > 0) {
      await db
        .insert(ruleHistory)
        .values(
          content.rules.map((r) => ({
            projectId,
            generation,
            ruleKey: r.key,
            support: r.support,
            instruction: r.instruction,
            evidenceLine: r.evidenceLine,
            evidence: r.evidence,
            tested: r.test?.verdict ?? null,
          })),
        )
        .run();
    }
    return { current, previous: latest, stored: true };
  });
}

/** Every generation of the project with the rules it held, oldest first (for lib/guidance/lifecycle.ts). */
export async function ruleHistoryByGeneration(db: Db, projectId: number): Promise<GenerationRules[]> {
  const generations = await db
    .select({ generation: guidanceVersions.generation, createdAt: guidanceVersions.createdAt })
    .from(guidanceVersions)
    .where(eq(guidanceVersions.projectId, projectId))
    .orderBy(asc(guidanceVersions.generation))
    .all();
  const rows = await db
    .select()
    .from(ruleHistory)
    .where(eq(ruleHistory.projectId, projectId))
    .orderBy(asc(ruleHistory.generation), asc(ruleHistory.ruleKey))
    .all();
  const byGeneration = new Map<number, GenerationRules>(generations.map((g) => [g.generation, { ...g, rules: [] }]));
  for (const row of rows) {
    byGeneration.get(row.generation)?.rules.push({
      key: row.ruleKey,
      support: row.support === "supported" ? "supported" : "provisional",
      instruction: row.instruction,
      evidenceLine: row.evidenceLine,
      evidence: row.evidence,
    });
  }
  return [...byGeneration.values()];
}
