import { eq, sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseOver, transaction, type Db } from "@/db/engine/database";
import { statement } from "@/db/engine/statement";
import { poolConfig, postgresExecutor } from "@/db/engine/postgres";
import { projects, sessions } from "@/db/schema";
import { freshDatabase } from "./support/postgres";

// The PostgreSQL executor under the app's Drizzle builder: the SQL the SQLite dialect renders runs here, rows map
// as they do on SQLite, and a transaction belongs to its async context.
let db: Db;
beforeAll(async () => {
  db = databaseOver(postgresExecutor(new pg.Pool(poolConfig(await freshDatabase()))));
});
afterAll(() => db.$executor.close());

const count = async () => (await db.select({ n: sql<number>`count(*)` }).from(projects).get())!.n;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("the PostgreSQL executor", () => {
  it("runs the builder's SQL and maps rows as SQLite's does: numbers, nulls, JSON, 0/1 flags", async () => {
    const [project] = await db.insert(projects).values({ slug: "pg-a", name: "A" }).returning();
    expect(project).toMatchObject({ id: expect.any(Number), slug: "pg-a", lastActivityAt: null });
    expect(project!.createdAt).toBeGreaterThan(Date.UTC(2026, 0, 1));
    const values = {
      projectId: project!.id,
      format: "acos",
      externalId: "t-1",
      agent: "claude-code",
      domain: "web",
      category: "feature",
      startedAt: 1_796_000_000_123,
      successScore: 0.75,
      successSource: "heuristic",
      models: ["m"],
      toolBreakdown: { Bash: 2 },
      operationCount: 3,
      filesModifiedCount: 1,
      verifiedAfterEdit: true,
      delegated: false,
      shellOps: 2,
      raw: "{}",
    };
    await db.insert(sessions).values(values);
    const row = await db.select().from(sessions).where(eq(sessions.externalId, "t-1")).get();
    expect(row).toMatchObject({
      startedAt: 1_796_000_000_123,
      successScore: 0.75,
      models: ["m"],
      toolBreakdown: { Bash: 2 },
      verifiedAfterEdit: true,
      delegated: false,
      verificationPassed: null,
    });
    const [stats] = await db.all<{ n: number; mean: number; verified: number }>(
      sql`select count(*) as n, avg(${sessions.successScore}) as mean, sum(${sessions.verifiedAfterEdit}) as verified from ${sessions}`,
    );
    expect(stats).toEqual({ n: 1, mean: 0.75, verified: 1 });
  });

  it("numbers placeholders but leaves question marks in literals alone, and reports changes", async () => {
    const row = await db.get<{ text: string; n: number }>(
      sql`select 'why? -- not a comment' as text, ${41}::int + 1 as n`,
    );
    expect(row).toEqual({ text: "why? -- not a comment", n: 42 });
    expect((await db.update(projects).set({ name: "A2" }).where(eq(projects.slug, "pg-a")).run()).changes).toBe(1);
    expect((await db.delete(projects).where(eq(projects.slug, "none")).run()).changes).toBe(0);
  });

  it("keeps a transaction's rows from other contexts until it commits, and rolls back on a throw", async () => {
    const before = await count();
    let seenInside = -1;
    let inserted = () => {};
    let checked = () => {};
    const insertedOnce = new Promise<void>((resolve) => (inserted = resolve));
    const checkedOnce = new Promise<void>((resolve) => (checked = resolve));
    const inside = transaction(db, async () => {
      await db.insert(projects).values({ slug: "pg-tx", name: "T" });
      inserted();
      await checkedOnce;
      seenInside = await count();
    });
    await insertedOnce;
    expect(await count()).toBe(before);
    checked();
    await inside;
    expect(seenInside).toBe(before + 1);
    expect(await count()).toBe(before + 1);

    await expect(
      transaction(db, async () => {
        await db.insert(projects).values({ slug: "pg-gone", name: "G" });
        throw new Error("undo");
      }),
    ).rejects.toThrow("undo");
    expect(await db.select().from(projects).where(eq(projects.slug, "pg-gone")).get()).toBeUndefined();
  });

  it("makes a nested transaction a savepoint", async () => {
    await transaction(db, async () => {
      await db.insert(projects).values({ slug: "pg-outer", name: "O" });
      await transaction(db, async () => {
        await db.insert(projects).values({ slug: "pg-inner", name: "I" });
        throw new Error("inner only");
      }).catch(() => undefined);
    });
    const slugs = (await db.select({ slug: projects.slug }).from(projects).all()).map((p) => p.slug);
    expect(slugs).toContain("pg-outer");
    expect(slugs).not.toContain("pg-inner");
  });

  it("runs concurrent transactions on separate clients without mixing them", async () => {
    const before = await count();
    await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        transaction(db, async () => {
          await db.insert(projects).values({ slug: `pg-par-${i}`, name: "P" });
          await pause(20);
          if (i % 2 === 1) throw new Error("odd ones roll back");
        }).catch(() => undefined),
      ),
    );
    expect(await count()).toBe(before + 4);
  });

  it("renders the builder's conflict targets with bare column names, as PostgreSQL requires", async () => {
    const [project] = await db.insert(projects).values({ slug: "pg-upsert", name: "first" }).returning();
    await db
      .insert(projects)
      .values({ slug: "pg-upsert", name: "second" })
      .onConflictDoUpdate({ target: [projects.slug], set: { name: "second" } })
      .run();
    expect(
      await db
        .select({ id: projects.id, name: projects.name })
        .from(projects)
        .where(eq(projects.slug, "pg-upsert"))
        .get(),
    ).toEqual({ id: project!.id, name: "second" });
    expect(
      (
        await db
          .insert(projects)
          .values({ slug: "pg-upsert", name: "third" })
          .onConflictDoNothing({ target: projects.slug })
          .run()
      ).changes,
    ).toBe(0);
  });

  it("keeps a statement made `prepared` prepared on its connection, and runs it again with other parameters", async () => {
    const named = statement<{ slug: string }>(`SELECT slug FROM projects WHERE slug = ?`, { prepared: true });
    const plain = statement<{ slug: string }>(`SELECT slug FROM projects WHERE name = ?`);
    const prepared = statement<{ name: string; statement: string }>(
      `SELECT name, statement FROM pg_prepared_statements`,
    );
    await transaction(db, async () => {
      expect(await named.get(db, "pg-upsert")).toEqual({ slug: "pg-upsert" });
      expect(await plain.get(db, "second")).toEqual({ slug: "pg-upsert" });
      expect(await named.get(db, "pg-a")).toEqual({ slug: "pg-a" });
      const held = await prepared.all(db);
      expect(held.filter((row) => /FROM projects WHERE slug = \$1/.test(row.statement))).toEqual([
        { name: expect.stringMatching(/^starlight_[0-9a-f]{32}$/), statement: expect.any(String) },
      ]);
      expect(held.some((row) => /WHERE name = \$1/.test(row.statement))).toBe(false);
    });
  });
});
