import "server-only";
import { and, asc, eq, ne, notInArray } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { getDb, type Db } from "@/db/client";
import { projects, projectShares, users } from "@/db/schema";
import type { EligibilityInput } from "@/lib/guidance/eligibility";
import { preparedFor } from "@/db/prepared";

/** Which projects' validated lessons an admin shared with which (lib/guidance/eligibility.ts decides the rest). */

export interface ProjectShare {
  source: { id: number; slug: string; name: string };
  /** The admin who shared it; null once their account is deleted. */
  createdBy: { name: string; email: string } | null;
  createdAt: number;
}

const source = alias(projects, "source");

/** The projects shared with this one, by slug. */
export function listShares(targetProjectId: number, db: Db = getDb()): ProjectShare[] {
  return db
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
    .all()
    .map((r) => ({
      source: r.source,
      createdBy: r.createdByName !== null && r.createdByEmail !== null ? { name: r.createdByName, email: r.createdByEmail } : null,
      createdAt: r.createdAt,
    }));
}

/** The projects that could still be shared with the target (not itself, not already shared), by slug. */
export function shareCandidates(targetProjectId: number, db: Db = getDb()): { slug: string; name: string }[] {
  const shared = db.select({ id: projectShares.sourceProjectId }).from(projectShares).where(eq(projectShares.targetProjectId, targetProjectId));
  return db
    .select({ slug: projects.slug, name: projects.name })
    .from(projects)
    .where(and(ne(projects.id, targetProjectId), notInArray(projects.id, shared)))
    .orderBy(asc(projects.slug))
    .all();
}

/** Shares the source's lessons with the target; false when they already were. */
export function addShare(sourceProjectId: number, targetProjectId: number, createdBy: number, db: Db = getDb()): boolean {
  return db.insert(projectShares).values({ sourceProjectId, targetProjectId, createdBy }).onConflictDoNothing().run().changes > 0;
}

/** Stops sharing; false when there was no such share. */
export function removeShare(sourceProjectId: number, targetProjectId: number, db: Db = getDb()): boolean {
  return (
    db
      .delete(projectShares)
      .where(and(eq(projectShares.sourceProjectId, sourceProjectId), eq(projectShares.targetProjectId, targetProjectId)))
      .run().changes > 0
  );
}

const prepared = preparedFor((sqlite) => ({
  projects: sqlite.prepare(`SELECT id FROM projects ORDER BY slug`).pluck(),
  // Every project the target's non-admin members belong to, with those members: enough to tell whether they all read it.
  readers: sqlite.prepare(`SELECT pm.project_id AS project, pm.user_id AS user
    FROM project_members pm JOIN users u ON u.id = pm.user_id AND u.is_admin = 0
    WHERE pm.user_id IN (SELECT user_id FROM project_members WHERE project_id = ?)`),
  shared: sqlite.prepare(`SELECT source_project_id FROM project_shares WHERE target_project_id = ?`).pluck(),
}));

/** What eligibility needs for one target project; `readers` holds only the target's own non-admin readers. */
export function eligibilityInput(projectId: number, db: Db = getDb()): EligibilityInput {
  const s = prepared(db);
  const readers = new Map<number, Set<number>>();
  for (const row of s.readers.all(projectId) as Array<{ project: number; user: number }>) {
    let set = readers.get(row.project);
    if (!set) readers.set(row.project, (set = new Set()));
    set.add(row.user);
  }
  return { project: projectId, projects: s.projects.all() as number[], readers, sharedWith: new Set(s.shared.all(projectId) as number[]) };
}
