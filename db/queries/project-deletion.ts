import "server-only";
import { eq } from "drizzle-orm";
import { getDb, type Db } from "@/db/client";
import { projects } from "@/db/schema";

/** Deletes a project and, through its foreign keys, everything in it: sessions, memories, rules, members, token scopes. */
export function deleteProject(id: number, db: Db = getDb()): boolean {
  return db.delete(projects).where(eq(projects.id, id)).run().changes > 0;
}
