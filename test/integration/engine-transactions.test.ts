import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb, transaction } from "@/db/client";
import { projects } from "@/db/schema";

// Transactions of the app's database, on the engine under test: each belongs to its async context, concurrent ones
// neither mix nor fail, and a statement from outside never becomes part of one (on SQLite's one connection it waits).

const yieldNow = () => new Promise((resolve) => setImmediate(resolve));
const slugs = async (prefix: string) =>
  (
    await getDb()
      .select({ slug: projects.slug })
      .from(projects)
      .where(sql`${projects.slug} like ${`${prefix}%`}`)
      .all()
  )
    .map((p) => p.slug)
    .sort();

describe("transactions", () => {
  it("run many at once, each committing or rolling back alone", async () => {
    const db = getDb();
    const outcomes = await Promise.allSettled(
      Array.from({ length: 12 }, (_, i) =>
        transaction(db, async () => {
          await db.insert(projects).values({ slug: `many-${String(i).padStart(2, "0")}`, name: "m" });
          await yieldNow();
          await db
            .update(projects)
            .set({ name: `m${i}` })
            .where(eq(projects.slug, `many-${String(i).padStart(2, "0")}`));
          if (i % 3 === 0) throw new Error("rolled back");
        }),
      ),
    );
    expect(
      outcomes.filter((o) => o.status === "rejected").map((o) => (o as PromiseRejectedResult).reason.message),
    ).toEqual(Array(4).fill("rolled back"));
    expect(await slugs("many-")).toEqual(["01", "02", "04", "05", "07", "08", "10", "11"].map((n) => `many-${n}`));
  });

  it("never take in a statement issued outside them, even one issued while they wait their turn", async () => {
    const db = getDb();
    const work = [];
    for (let i = 0; i < 6; i++) {
      work.push(
        transaction(db, async () => {
          await db.insert(projects).values({ slug: `inside-${i}`, name: "i" });
          await yieldNow();
          throw new Error("rolled back");
        }).catch(() => undefined),
      );
      // Outside any transaction: must be stored whatever the transactions around it do.
      work.push(
        db
          .insert(projects)
          .values({ slug: `outside-${i}`, name: "o" })
          .run(),
      );
    }
    await Promise.all(work);
    expect(await slugs("inside-")).toEqual([]);
    expect(await slugs("outside-")).toEqual(Array.from({ length: 6 }, (_, i) => `outside-${i}`));
  });
});
