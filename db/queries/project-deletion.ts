import "server-only";
import { eq } from "drizzle-orm";
import { type Db } from "@/db/client";
import { projects } from "@/db/schema";

/** Deletes a project and, through its foreign keys, everything in it: sessions, memories, rules, members, token scopes. */
export async function deleteProject(db: Db, id: number): Promise<boolean> {
  return (await db.delete(projects).where(eq(projects.id, id)).run()).changes > 0;
}
