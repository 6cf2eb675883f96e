import "server-only";
import type { Db } from "@/db/client";
import { statement } from "@/db/engine/statement";

/** A token bucket's limit: `limit` requests, refilled evenly over `windowMs`. */
export interface Bucket {
  kind: string;
  client: string;
  limit: number;
  windowMs: number;
}

/** The bucket's tokens refilled up to now (`excluded.updated_at`), capped at the limit; ? ? = rate per ms, limit. */
const REFILLED = `CASE WHEN rate_limit_buckets.tokens + (excluded.updated_at - rate_limit_buckets.updated_at) * CAST(? AS DOUBLE PRECISION) >= ?
  THEN CAST(? AS DOUBLE PRECISION) ELSE rate_limit_buckets.tokens + (excluded.updated_at - rate_limit_buckets.updated_at) * CAST(? AS DOUBLE PRECISION) END`;

/**
 * One statement, so concurrent requests from any number of processes each see the bucket the one before left: the
 * row is locked by the upsert. A new client starts with a full bucket less this request; a known one is refilled
 * for the time since, then gives one token if it has one.
 */
const take = statement<{ tokens: number; taken: number }>(
  `INSERT INTO rate_limit_buckets (kind, client, tokens, updated_at, taken) VALUES (?, ?, CAST(? AS DOUBLE PRECISION) - 1, ?, 1)
   ON CONFLICT (kind, client) DO UPDATE SET
     tokens = CASE WHEN (${REFILLED}) >= 1 THEN (${REFILLED}) - 1 ELSE (${REFILLED}) END,
     taken = CASE WHEN (${REFILLED}) >= 1 THEN 1 ELSE 0 END,
     updated_at = excluded.updated_at
   RETURNING tokens, taken`,
);

const refund = statement(
  `UPDATE rate_limit_buckets SET
     tokens = CASE WHEN tokens + (? - updated_at) * CAST(? AS DOUBLE PRECISION) + 1 >= ? THEN CAST(? AS DOUBLE PRECISION)
       ELSE tokens + (? - updated_at) * CAST(? AS DOUBLE PRECISION) + 1 END,
     updated_at = ?
   WHERE kind = ? AND client = ?`,
);

const forgetIdle = statement(`DELETE FROM rate_limit_buckets WHERE kind = ? AND updated_at <= ?`);

const refilledParams = (rate: number, limit: number) => [rate, limit, limit, rate];

/** Takes one request from the bucket at `now`: whether there was one, and the tokens left. */
export async function takeToken(db: Db, bucket: Bucket, now: number): Promise<{ taken: boolean; tokens: number }> {
  const rate = bucket.limit / bucket.windowMs;
  const refilled = refilledParams(rate, bucket.limit);
  // REFILLED appears four times in the statement: three for tokens, one for taken.
  const row = await take.get(
    db,
    bucket.kind,
    bucket.client,
    bucket.limit,
    now,
    ...refilled,
    ...refilled,
    ...refilled,
    ...refilled,
  );
  return { taken: row!.taken === 1, tokens: row!.tokens };
}

/** Gives one request back to the bucket at `now`, up to its limit (nothing when the client has no bucket). */
export async function refundToken(db: Db, bucket: Bucket, now: number): Promise<void> {
  const rate = bucket.limit / bucket.windowMs;
  await refund.run(db, now, rate, bucket.limit, bucket.limit, now, rate, now, bucket.kind, bucket.client);
}

/** Deletes the kind's buckets untouched since `before` or earlier: refilled by now, they are the same as no bucket. */
export async function forgetIdleBuckets(db: Db, kind: string, before: number): Promise<number> {
  return (await forgetIdle.run(db, kind, before)).changes;
}
