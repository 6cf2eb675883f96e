import "server-only";
import { getDb, type Db } from "@/db/client";
import { forgetIdleBuckets, refundToken, takeToken } from "@/db/queries/rate-limits";

/** Every this many takes, a process deletes its kind's buckets that have refilled, so the table stays small. */
const TAKES_BETWEEN_SWEEPS = 1_000;

/**
 * A token bucket per client: `limit` requests, refilled evenly over `windowMs`. The buckets are rows of the
 * database, so every web process sharing it counts the same requests, and a restart forgets nothing; one upsert
 * per request takes a token atomically, whichever process answers.
 */
export class RateLimiter {
  private takes = 0;

  constructor(
    readonly kind: string,
    readonly limit: number,
    readonly windowMs: number,
    private readonly now: () => number = Date.now,
    private readonly db: () => Db = getDb,
  ) {}

  private bucket(client: string) {
    return { kind: this.kind, client, limit: this.limit, windowMs: this.windowMs };
  }

  /** Takes one request from the client's bucket; when empty, says how many seconds until the next is allowed. */
  async take(client: string): Promise<{ ok: true } | { ok: false; retryAfterSeconds: number }> {
    const now = this.now();
    const { taken, tokens } = await takeToken(this.db(), this.bucket(client), now);
    if (++this.takes % TAKES_BETWEEN_SWEEPS === 0) await forgetIdleBuckets(this.db(), this.kind, now - this.windowMs);
    return taken ? { ok: true } : { ok: false, retryAfterSeconds: this.secondsUntilOne(tokens) };
  }

  /**
   * Gives back one request taken from the client's bucket, for limits that count only some outcomes (failed
   * sign-ins): taken before the attempt, so concurrent attempts cannot all slip past, and refunded after success.
   */
  async refund(client: string): Promise<void> {
    await refundToken(this.db(), this.bucket(client), this.now());
  }

  private secondsUntilOne(tokens: number): number {
    return Math.max(1, Math.ceil(((1 - tokens) * this.windowMs) / this.limit / 1000));
  }
}
