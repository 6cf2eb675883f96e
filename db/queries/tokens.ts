import "server-only";
import { and, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import { transaction, type Db } from "@/db/client";
import { apiTokenProjects, apiTokens, projects, users, type TokenPermission } from "@/db/schema";

export interface TokenSummary {
  id: number;
  name: string;
  prefix: string;
  permissions: TokenPermission[];
  allProjects: boolean;
  /** Slugs of the projects it is limited to (empty when allProjects). */
  projects: string[];
  owner: { id: number; email: string };
  createdAt: number;
  lastUsedAt: number | null;
  revokedAt: number | null;
}

export interface NewToken {
  userId: number;
  name: string;
  tokenHash: string;
  prefix: string;
  permissions: TokenPermission[];
  projectIds: number[] | null;
}

export async function insertToken(db: Db, input: NewToken): Promise<number> {
  return transaction(db, async () => {
    const { id } = await db
      .insert(apiTokens)
      .values({ ...input, allProjects: input.projectIds === null })
      .returning({ id: apiTokens.id })
      .get();
    for (const projectId of input.projectIds ?? [])
      await db.insert(apiTokenProjects).values({ tokenId: id, projectId }).run();
    return id;
  });
}

/** A live (not revoked) token by the hash of its secret, with what it is limited to. */
export async function findLiveToken(db: Db, tokenHash: string) {
  const row = await db
    .select({
      id: apiTokens.id,
      userId: apiTokens.userId,
      prefix: apiTokens.prefix,
      permissions: apiTokens.permissions,
      allProjects: apiTokens.allProjects,
      lastUsedAt: apiTokens.lastUsedAt,
    })
    .from(apiTokens)
    .where(and(eq(apiTokens.tokenHash, tokenHash), isNull(apiTokens.revokedAt)))
    .get();
  if (!row) return null;
  const projectIds = row.allProjects
    ? null
    : (
        await db
          .select({ id: apiTokenProjects.projectId })
          .from(apiTokenProjects)
          .where(eq(apiTokenProjects.tokenId, row.id))
          .all()
      ).map((r) => r.id);
  return { ...row, projectIds };
}

export async function markTokenUsed(db: Db, id: number, now: number): Promise<void> {
  await db.update(apiTokens).set({ lastUsedAt: now }).where(eq(apiTokens.id, id)).run();
}

export async function revokeToken(db: Db, id: number, now: number): Promise<boolean> {
  return (
    (
      await db
        .update(apiTokens)
        .set({ revokedAt: now })
        .where(and(eq(apiTokens.id, id), isNull(apiTokens.revokedAt)))
        .run()
    ).changes > 0
  );
}

/** Tokens, newest first: a person's own (`userId`), those limited to a project (`projectId`), or all of them. */
export async function listTokens(db: Db, filter: { userId?: number; projectId?: number }): Promise<TokenSummary[]> {
  const scoped =
    filter.projectId === undefined
      ? undefined
      : inArray(
          apiTokens.id,
          db
            .select({ id: apiTokenProjects.tokenId })
            .from(apiTokenProjects)
            .where(eq(apiTokenProjects.projectId, filter.projectId)),
        );
  const rows = await db
    .select({
      id: apiTokens.id,
      name: apiTokens.name,
      prefix: apiTokens.prefix,
      permissions: apiTokens.permissions,
      allProjects: apiTokens.allProjects,
      ownerId: users.id,
      ownerEmail: users.email,
      createdAt: apiTokens.createdAt,
      lastUsedAt: apiTokens.lastUsedAt,
      revokedAt: apiTokens.revokedAt,
      projects: sql<
        string | null
      >`(select group_concat(${projects.slug}, ',') from ${apiTokenProjects} join ${projects} on ${projects.id} = ${apiTokenProjects.projectId} where ${apiTokenProjects.tokenId} = ${apiTokens.id})`,
    })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .where(and(filter.userId === undefined ? undefined : eq(apiTokens.userId, filter.userId), scoped))
    .orderBy(desc(apiTokens.id))
    .all();
  return rows.map(({ ownerId, ownerEmail, projects: slugs, ...row }) => ({
    ...row,
    owner: { id: ownerId, email: ownerEmail },
    projects: slugs ? slugs.split(",").sort() : [],
  }));
}

export async function getToken(db: Db, id: number): Promise<(TokenSummary & { projectIds: number[] }) | null> {
  const summary = (await listTokens(db, {})).find((t) => t.id === id);
  if (!summary) return null;
  const projectIds = (
    await db
      .select({ id: apiTokenProjects.projectId })
      .from(apiTokenProjects)
      .where(eq(apiTokenProjects.tokenId, id))
      .all()
  ).map((r) => r.id);
  return { ...summary, projectIds };
}
