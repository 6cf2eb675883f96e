import type { Caller } from "@/lib/server/auth/caller";
import { readConfig } from "@/lib/config";
import { RateLimiter } from "./rate-limit";

/**
 * `login`: sign-in attempts per address; `account`: failed sign-ins per account; `ingest`: uploads per caller;
 * `mcp`: MCP messages per caller (each of a batch counts).
 */
export type LimitKind = "login" | "account" | "ingest" | "mcp";

const TEN_MINUTES = 10 * 60_000;

const limiters = new Map<LimitKind, RateLimiter>();

function newLimiter(kind: LimitKind): RateLimiter {
  const config = readConfig();
  if (kind === "login") return new RateLimiter(kind, config.loginAttemptsPer10Min, TEN_MINUTES);
  if (kind === "account") return new RateLimiter(kind, config.loginFailuresPerAccount, TEN_MINUTES);
  if (kind === "mcp") return new RateLimiter(kind, config.mcpMessagesPerMinute, 60_000);
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

/**
 * The buckets a caller's requests are counted in: a token's own and its person's (so a new token of the same person
 * starts with what the person has left, not a full allowance), a signed-in person's, else the address's. Password
 * guesses (sign-in, setup, password change) count per person signed in, else per address: never per token, since
 * anyone with an account can make as many tokens as they like.
 */
export function limitClients(kind: LimitKind, caller: Caller): string[] {
  if (kind === "login" && caller.kind === "token") return [`ip:${caller.ip}`];
  if (caller.kind === "token") return [`token:${caller.token?.id}`, `user:${caller.user.id}`];
  if (caller.kind === "sign-in") return [`user:${caller.user.id}`];
  return [`ip:${caller.ip}`];
}

export type Taken = { ok: true } | { ok: false; retryAfterSeconds: number };

/**
 * Takes `count` requests from every one of the clients' buckets, or none: when one bucket runs short, what was taken
 * from the others is given back, and the answer says how many seconds until that bucket allows one more.
 */
export async function takeFrom(kind: LimitKind, clients: readonly string[], count = 1): Promise<Taken> {
  const limiter = limiterFor(kind);
  const taken: string[] = [];
  for (let i = 0; i < count; i++) {
    for (const client of clients) {
      const result = await limiter.take(client);
      if (!result.ok) {
        for (const back of taken) await limiter.refund(back);
        return result;
      }
      taken.push(client);
    }
  }
  return { ok: true };
}
