import "server-only";
import { and, asc, eq } from "drizzle-orm";
import { type Db } from "@/db/client";
import { projectMembers, users, type ProjectRole } from "@/db/schema";

export interface Member {
  userId: number;
  email: string;
  name: string;
  role: ProjectRole;
  isAdmin: boolean;
}

/** Project id → role, for one person. */
export async function rolesOf(db: Db, userId: number): Promise<Map<number, ProjectRole>> {
  const rows = await db
    .select({ projectId: projectMembers.projectId, role: projectMembers.role })
    .from(projectMembers)
    .where(eq(projectMembers.userId, userId))
    .all();
  return new Map(rows.map((r) => [r.projectId, r.role]));
}

export async function listMembers(db: Db, projectId: number): Promise<Member[]> {
  return db
    .select({
      userId: users.id,
      email: users.email,
      name: users.name,
      role: projectMembers.role,
      isAdmin: users.isAdmin,
    })
    .from(projectMembers)
    .innerJoin(users, eq(users.id, projectMembers.userId))
    .where(eq(projectMembers.projectId, projectId))
    .orderBy(asc(users.email))
    .all();
}

/** Adds the person to the project, or changes their role there. */
export async function setMember(db: Db, projectId: number, userId: number, role: ProjectRole): Promise<void> {
  await db
    .insert(projectMembers)
    .values({ projectId, userId, role })
    .onConflictDoUpdate({ target: [projectMembers.projectId, projectMembers.userId], set: { role } })
    .run();
}

export async function removeMember(db: Db, projectId: number, userId: number): Promise<boolean> {
  return (
    (
      await db
        .delete(projectMembers)
        .where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.userId, userId)))
        .run()
    ).changes > 0
  );
}
