import { readConfig } from "@/lib/config";
import { RateLimiter } from "./rate-limit";

/** `login`: sign-in attempts per address; `account`: failed sign-ins per account; `ingest`: uploads per caller. */
export type LimitKind = "login" | "account" | "ingest";

const TEN_MINUTES = 10 * 60_000;

const limiters = new Map<LimitKind, RateLimiter>();

function newLimiter(kind: LimitKind): RateLimiter {
  const config = readConfig();
  if (kind === "login") return new RateLimiter(kind, config.loginAttemptsPer10Min, TEN_MINUTES);
  if (kind === "account") return new RateLimiter(kind, config.loginFailuresPerAccount, TEN_MINUTES);
  return new RateLimiter(kind, config.ingestRequestsPerMinute, 60_000);
}

/** The limiter of a kind, made on first use from the configuration (its buckets are in the database). */
export function limiterFor(kind: LimitKind): RateLimiter {
  let limiter = limiters.get(kind);
  if (!limiter) {
    limiter = newLimiter(kind);
    limiters.set(kind, limiter);
  }
  return limiter;
}
