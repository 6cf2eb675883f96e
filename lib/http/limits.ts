import { readConfig } from "@/lib/config";
import { RateLimiter } from "./rate-limit";

export type LimitKind = "login" | "ingest";

const limiters = new Map<LimitKind, RateLimiter>();

/** The process's limiter for sign-in attempts (per address) or uploads (per token, person or address). */
export function limiterFor(kind: LimitKind): RateLimiter {
  let limiter = limiters.get(kind);
  if (!limiter) {
    const config = readConfig();
    limiter =
      kind === "login" ? new RateLimiter(config.loginAttemptsPer10Min, 10 * 60_000) : new RateLimiter(config.ingestRequestsPerMinute, 60_000);
    limiters.set(kind, limiter);
  }
  return limiter;
}
