import "server-only";
import { and, asc, eq, ne, notInArray } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { type Db } from "@/db/client";
import { statement } from "@/db/engine/statement";
import { projects, projectShares, users } from "@/db/schema";
import type { EligibilityInput } from "@/lib/guidance/eligibility";

/** Which projects' validated lessons an admin shared with which (lib/guidance/eligibility.ts decides the rest). */

export interface ProjectShare {
  source: { id: number; slug: string; name: string };
  /** The admin who shared it; null once their account is deleted. */
  createdBy: { name: string; email: string } | null;
  createdAt: number;
}

const source = alias(projects, "source");

/** The projects shared with this one, by slug. */
export async function listShares(db: Db, targetProjectId: number): Promise<ProjectShare[]> {
  const rows = await db
    .select({
      source: { id: source.id, slug: source.slug, name: source.name },
      createdByName: users.name,
      createdByEmail: users.email,
      createdAt: projectShares.createdAt,
    })
    .from(projectShares)
    .innerJoin(source, eq(source.id, projectShares.sourceProjectId))
    .leftJoin(users, eq(users.id, projectShares.createdBy))
    .where(eq(projectShares.targetProjectId, targetProjectId))
    .orderBy(asc(source.slug))
    .all();
  return rows.map((r) => ({
    source: r.source,
    createdBy:
      r.createdByName !== null && r.createdByEmail !== null ? { name: r.createdByName, email: r.createdByEmail } : null,
    createdAt: r.createdAt,
  }));
}

/** The projects that could still be shared with the target (not itself, not already shared), by slug. */
export async function shareCandidates(db: Db, targetProjectId: number): Promise<{ slug: string; name: string }[]> {
  const shared = db
    .select({ id: projectShares.sourceProjectId })
    .from(projectShares)
    .where(eq(projectShares.targetProjectId, targetProjectId));
  return db
    .select({ slug: projects.slug, name: projects.name })
    .from(projects)
    .where(and(ne(projects.id, targetProjectId), notInArray(projects.id, shared)))
    .orderBy(asc(projects.slug))
    .all();
}

/** Shares the source's lessons with the target; false when they already were. */
export async function addShare(
  db: Db,
  sourceProjectId: number,
  targetProjectId: number,
  createdBy: number,
): Promise<boolean> {
  return (
    (await db.insert(projectShares).values({ sourceProjectId, targetProjectId, createdBy }).onConflictDoNothing().run())
      .changes > 0
  );
}

/** Stops sharing; false when there was no such share. */
export async function removeShare(db: Db, sourceProjectId: number, targetProjectId: number): Promise<boolean> {
  return (
    (
      await db
        .delete(projectShares)
        .where(
          and(eq(projectShares.sourceProjectId, sourceProjectId), eq(projectShares.targetProjectId, targetProjectId)),
        )
        .run()
    ).changes > 0
  );
}

const s = {
  projects: statement<{ id: number }>(`SELECT id FROM projects ORDER BY slug`),
  // Every project the target's non-admin members belong to, with those members: enough to tell whether they all read it.
  readers: statement<{ project: number; user: number }>(`SELECT pm.project_id AS project, pm.user_id AS user
    FROM project_members pm JOIN users u ON u.id = pm.user_id AND u.is_admin = 0
    WHERE pm.user_id IN (SELECT user_id FROM project_members WHERE project_id = ?)`),
  shared: statement<{ source_project_id: number }>(
    `SELECT source_project_id FROM project_shares WHERE target_project_id = ?`,
  ),
};

/** What eligibility needs for one target project; `readers` holds only the target's own non-admin readers. */
export async function eligibilityInput(db: Db, projectId: number): Promise<EligibilityInput> {
  const readers = new Map<number, Set<number>>();
  for (const row of await s.readers.all(db, projectId)) {
    let set = readers.get(row.project);
    if (!set) readers.set(row.project, (set = new Set()));
    set.add(row.user);
  }
  const projectIds = (await s.projects.all(db)).map((row) => row.id);
  return {
    project: projectId,
    projects: projectIds,
    readers,
    sharedWith: new Set((await s.shared.all(db, projectId)).map((row) => row.source_project_id)),
  };
}
