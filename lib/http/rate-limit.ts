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
    const tokens = this.tokensAt(key, now);
    if (tokens < 1) {
      this.buckets.set(key, { tokens, at: now });
      return { ok: false, retryAfterSeconds: this.secondsUntilOne(tokens) };
    }
    this.buckets.set(key, { tokens: tokens - 1, at: now });
    if (this.buckets.size > 10_000) this.forgetIdle(now);
    return { ok: true };
  }

  /**
   * Gives back one request taken from the client's bucket, for limits that count only some outcomes (failed
   * sign-ins): taken before the attempt, so concurrent attempts cannot all slip past, and refunded after success.
   */
  refund(key: string): void {
    const now = this.now();
    if (this.buckets.has(key)) this.buckets.set(key, { tokens: Math.min(this.limit, this.tokensAt(key, now) + 1), at: now });
  }

  private tokensAt(key: string, now: number): number {
    const bucket = this.buckets.get(key);
    return bucket ? Math.min(this.limit, bucket.tokens + (now - bucket.at) * (this.limit / this.windowMs)) : this.limit;
  }

  private secondsUntilOne(tokens: number): number {
    return Math.max(1, Math.ceil(((1 - tokens) * this.windowMs) / this.limit / 1000));
  }

  /** Drops buckets that have refilled completely, so memory stays bounded however many clients come by. */
  private forgetIdle(now: number): void {
    for (const [key, bucket] of this.buckets) {
      if (bucket.tokens + (now - bucket.at) * (this.limit / this.windowMs) >= this.limit) this.buckets.delete(key);
    }
  }
}
