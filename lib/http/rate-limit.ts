/**
 * A token bucket per client: `limit` requests, refilled evenly over `windowMs`. In memory, so per server
 * process, which is what a single self-hosted instance runs.
 */
export class RateLimiter {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();

  constructor(
    readonly limit: number,
    readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Takes one request from the client's bucket; when empty, says how many seconds until the next is allowed. */
  take(key: string): { ok: true } | { ok: false; retryAfterSeconds: number } {
    const now = this.now();
    const rate = this.limit / this.windowMs;
    const bucket = this.buckets.get(key) ?? { tokens: this.limit, at: now };
    const tokens = Math.min(this.limit, bucket.tokens + (now - bucket.at) * rate);
    if (tokens < 1) {
      this.buckets.set(key, { tokens, at: now });
      return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((1 - tokens) / rate / 1000)) };
    }
    this.buckets.set(key, { tokens: tokens - 1, at: now });
    if (this.buckets.size > 10_000) this.forgetIdle(now);
    return { ok: true };
  }

  /** Drops buckets that have refilled completely, so memory stays bounded however many clients come by. */
  private forgetIdle(now: number): void {
    for (const [key, bucket] of this.buckets) {
      if (bucket.tokens + (now - bucket.at) * (this.limit / this.windowMs) >= this.limit) this.buckets.delete(key);
    }
  }
}
