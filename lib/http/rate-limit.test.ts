import { describe, expect, it } from "vitest";
import { RateLimiter } from "./rate-limit";

/** A limiter of 3 requests per minute on a clock the test moves by hand. */
function limiter(limit = 3, windowMs = 60_000) {
  const clock = { now: 1_000_000 };
  return { clock, limiter: new RateLimiter(limit, windowMs, () => clock.now) };
}

const bucketCount = (l: RateLimiter) => (l as unknown as { buckets: Map<string, unknown> }).buckets.size;

describe("RateLimiter", () => {
  it("allows `limit` requests at once, then refuses with the seconds until the next one", () => {
    const { limiter: l } = limiter();
    expect([l.take("a"), l.take("a"), l.take("a")]).toEqual([{ ok: true }, { ok: true }, { ok: true }]);
    // 3 per 60 s refills one every 20 s.
    expect(l.take("a")).toEqual({ ok: false, retryAfterSeconds: 20 });
  });

  it("refills evenly over the window", () => {
    const { clock, limiter: l } = limiter();
    for (let i = 0; i < 3; i++) l.take("a");
    clock.now += 19_000;
    expect(l.take("a")).toEqual({ ok: false, retryAfterSeconds: 1 });
    clock.now += 1_000;
    expect(l.take("a")).toEqual({ ok: true });
    expect(l.take("a")).toEqual({ ok: false, retryAfterSeconds: 20 });
  });

  it("counts down Retry-After while refused attempts keep coming, without punishing them", () => {
    const { clock, limiter: l } = limiter();
    for (let i = 0; i < 3; i++) l.take("a");
    clock.now += 5_000;
    expect(l.take("a")).toEqual({ ok: false, retryAfterSeconds: 15 });
    clock.now += 5_000;
    expect(l.take("a")).toEqual({ ok: false, retryAfterSeconds: 10 });
    clock.now += 10_000;
    expect(l.take("a")).toEqual({ ok: true });
  });

  it("never banks more than `limit` requests, however long a client stays away", () => {
    const { clock, limiter: l } = limiter();
    l.take("a");
    clock.now += 24 * 60 * 60_000;
    expect([l.take("a"), l.take("a"), l.take("a")].every((t) => t.ok)).toBe(true);
    expect(l.take("a").ok).toBe(false);
  });

  it("keeps each client's bucket apart", () => {
    const { limiter: l } = limiter();
    for (let i = 0; i < 3; i++) l.take("a");
    expect(l.take("a").ok).toBe(false);
    expect(l.take("b")).toEqual({ ok: true });
    expect(l.take("ip:10.0.0.1")).toEqual({ ok: true });
    expect(l.take("a").ok).toBe(false);
  });

  it("rounds Retry-After up to whole seconds and answers at least 1", () => {
    const { clock, limiter: l } = limiter(10, 10 * 60_000);
    for (let i = 0; i < 10; i++) l.take("a");
    expect(l.take("a")).toEqual({ ok: false, retryAfterSeconds: 60 });
    clock.now += 59_999;
    expect(l.take("a")).toEqual({ ok: false, retryAfterSeconds: 1 });
  });

  it("forgets clients whose buckets have refilled, so memory stays bounded, but not a client still limited", () => {
    const { clock, limiter: l } = limiter(2, 1_000);
    for (let i = 0; i < 10_000; i++) l.take(`client-${i}`);
    expect(bucketCount(l)).toBe(10_000);
    clock.now += 900;
    for (let i = 0; i < 3; i++) l.take("hog");
    clock.now += 100;
    l.take("late-comer");
    expect(bucketCount(l)).toBe(2);
    expect(l.take("hog").ok).toBe(false);
  });

  it("refund gives one request back, never beyond the limit", () => {
    const { limiter: l } = limiter();
    for (let i = 0; i < 3; i++) l.take("a");
    expect(l.take("a").ok).toBe(false);
    l.refund("a");
    expect(l.take("a")).toEqual({ ok: true });
    expect(l.take("a").ok).toBe(false);
    l.refund("b");
    l.take("c");
    for (let i = 0; i < 5; i++) l.refund("c");
    expect([l.take("c"), l.take("c"), l.take("c")].every((t) => t.ok)).toBe(true);
    expect(l.take("c").ok).toBe(false);
  });
});
