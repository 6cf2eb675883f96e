import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { getDb, openDb, openPostgres, type Db } from "@/db/client";
import { RateLimiter } from "@/lib/http/rate-limit";

// The request limits' buckets are rows of the database (both engines): the token bucket's arithmetic, and that
// connections as separate as two web processes' count the same requests.

let kinds = 0;

/** A limiter of `limit` requests per `windowMs` on a clock the test moves by hand, of a kind no other test uses. */
function limiter(limit = 3, windowMs = 60_000, db: () => Db = getDb) {
  const clock = { now: 1_000_000 };
  return { clock, limiter: new RateLimiter(`test-${++kinds}`, limit, windowMs, () => clock.now, db) };
}

async function takes(l: RateLimiter, client: string, n: number) {
  const out = [];
  for (let i = 0; i < n; i++) out.push(await l.take(client));
  return out;
}

/** A second connection to the test's database, as another web process would have. */
const other = process.env.STARLIGHT_DATABASE_URL
  ? openPostgres(process.env.STARLIGHT_DATABASE_URL)
  : openDb(process.env.STARLIGHT_DB!);
afterAll(() => other.$executor.close());

describe("RateLimiter", () => {
  it("allows `limit` requests at once, then refuses with the seconds until the next one", async () => {
    const { limiter: l } = limiter();
    expect(await takes(l, "a", 3)).toEqual([{ ok: true }, { ok: true }, { ok: true }]);
    // 3 per 60 s refills one every 20 s.
    expect(await l.take("a")).toEqual({ ok: false, retryAfterSeconds: 20 });
  });

  it("refills evenly over the window", async () => {
    const { clock, limiter: l } = limiter();
    await takes(l, "a", 3);
    clock.now += 19_000;
    expect(await l.take("a")).toEqual({ ok: false, retryAfterSeconds: 1 });
    clock.now += 1_000;
    expect(await l.take("a")).toEqual({ ok: true });
    expect(await l.take("a")).toEqual({ ok: false, retryAfterSeconds: 20 });
  });

  it("counts down Retry-After while refused attempts keep coming, without punishing them", async () => {
    const { clock, limiter: l } = limiter();
    await takes(l, "a", 3);
    clock.now += 5_000;
    expect(await l.take("a")).toEqual({ ok: false, retryAfterSeconds: 15 });
    clock.now += 5_000;
    expect(await l.take("a")).toEqual({ ok: false, retryAfterSeconds: 10 });
    clock.now += 10_000;
    expect(await l.take("a")).toEqual({ ok: true });
  });

  it("never banks more than `limit` requests, however long a client stays away", async () => {
    const { clock, limiter: l } = limiter();
    await l.take("a");
    clock.now += 24 * 60 * 60_000;
    expect((await takes(l, "a", 3)).every((t) => t.ok)).toBe(true);
    expect((await l.take("a")).ok).toBe(false);
  });

  it("keeps each client's bucket apart, and each kind's", async () => {
    const { limiter: l } = limiter();
    const { limiter: otherKind } = limiter();
    await takes(l, "a", 3);
    expect((await l.take("a")).ok).toBe(false);
    expect(await l.take("b")).toEqual({ ok: true });
    expect(await l.take("ip:10.0.0.1")).toEqual({ ok: true });
    expect(await otherKind.take("a")).toEqual({ ok: true });
    expect((await l.take("a")).ok).toBe(false);
  });

  it("rounds Retry-After up to whole seconds and answers at least 1", async () => {
    const { clock, limiter: l } = limiter(10, 10 * 60_000);
    await takes(l, "a", 10);
    expect(await l.take("a")).toEqual({ ok: false, retryAfterSeconds: 60 });
    clock.now += 59_999;
    expect(await l.take("a")).toEqual({ ok: false, retryAfterSeconds: 1 });
  });

  it("forgets clients whose buckets have refilled, so the table stays small, but not a client still limited", async () => {
    const { clock, limiter: l } = limiter(2, 1_000);
    const rows = async () =>
      (await getDb().get<{ n: number }>(sql`select count(*) as n from rate_limit_buckets where kind = ${l.kind}`))!.n;
    for (let i = 0; i < 998; i++) await l.take(`client-${i}`);
    expect(await rows()).toBe(998);
    clock.now += 900;
    // The 1,000th take sweeps: the 998 clients are 1 s idle (refilled), the hog was limited 100 ms ago.
    await l.take("hog");
    clock.now += 100;
    await l.take("hog");
    expect(await rows()).toBe(1);
    expect((await l.take("hog")).ok).toBe(false);
  });

  it("refund gives one request back, never beyond the limit", async () => {
    const { limiter: l } = limiter();
    await takes(l, "a", 3);
    expect((await l.take("a")).ok).toBe(false);
    await l.refund("a");
    expect(await l.take("a")).toEqual({ ok: true });
    expect((await l.take("a")).ok).toBe(false);
    await l.refund("b");
    await l.take("c");
    for (let i = 0; i < 5; i++) await l.refund("c");
    expect((await takes(l, "c", 3)).every((t) => t.ok)).toBe(true);
    expect((await l.take("c")).ok).toBe(false);
  });

  it("counts the requests of two connections to the database as one, however they interleave", async () => {
    const here = limiter(20, 60_000);
    const there = new RateLimiter(
      here.limiter.kind,
      20,
      60_000,
      () => here.clock.now,
      () => other,
    );
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) => (i % 2 === 0 ? here.limiter : there).take("shared")),
    );
    expect(answers.filter((a) => a.ok)).toHaveLength(20);
  });
});
