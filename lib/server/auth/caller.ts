import "server-only";
import { getDb, type Db } from "@/db/client";
import { authSessionUser, touchAuthSession } from "@/db/queries/auth-sessions";
import { rolesOf } from "@/db/queries/members";
import { findLiveToken, markTokenUsed } from "@/db/queries/tokens";
import { getUser, type PublicUser } from "@/db/queries/users";
import type { Access } from "@/lib/auth/access";
import { secretHash } from "@/lib/auth/secrets";
import { clientIp } from "@/lib/http/same-origin";
import { SESSION_COOKIE, SESSION_TTL_MS } from "./session-cookie";

/** Someone who proved who they are, with a browser session or an API token. */
export interface SignedIn {
  kind: "session" | "token";
  user: PublicUser;
  access: Access;
  /** The session id (hash of the cookie) or the token's id and prefix. */
  sessionId?: string;
  token?: { id: number; prefix: string };
  ip: string;
}

export type Caller = SignedIn | { kind: "anonymous"; ip: string };

/** Last-used times are written at most once a minute per session or token, not on every request. */
const TOUCH_EVERY_MS = 60_000;

export function readCookie(headers: Headers, name: string): string | null {
  for (const part of (headers.get("cookie") ?? "").split(";")) {
    const at = part.indexOf("=");
    if (at > 0 && part.slice(0, at).trim() === name) return decodeURIComponent(part.slice(at + 1).trim());
  }
  return null;
}

function bearer(headers: Headers): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(headers.get("authorization") ?? "");
  return match?.[1] ?? null;
}

function fromToken(secret: string, ip: string, now: number, db: Db): Caller {
  const token = findLiveToken(secretHash(secret), db);
  const user = token && getUser(token.userId, db);
  if (!token || !user) return { kind: "anonymous", ip };
  if (token.lastUsedAt === null || now - token.lastUsedAt > TOUCH_EVERY_MS) markTokenUsed(token.id, now, db);
  return {
    kind: "token",
    user,
    ip,
    token: { id: token.id, prefix: token.prefix },
    access: { admin: user.isAdmin, roles: rolesOf(user.id, db), token: { permissions: token.permissions, projects: token.projectIds } },
  };
}

function fromSession(secret: string, ip: string, now: number, db: Db): Caller {
  const sessionId = secretHash(secret);
  const found = authSessionUser(sessionId, now, db);
  if (!found) return { kind: "anonymous", ip };
  if (now - found.lastSeenAt > TOUCH_EVERY_MS) touchAuthSession(sessionId, now, now + SESSION_TTL_MS, db);
  return { kind: "session", user: found.user, ip, sessionId, access: { admin: found.user.isAdmin, roles: rolesOf(found.user.id, db) } };
}

/**
 * Who is calling: an `Authorization: Bearer` API token if one is sent (it wins over any cookie), else the
 * session cookie, else anonymous. An unknown, revoked or expired credential is simply anonymous.
 */
export function resolveCaller(headers: Headers, now: number = Date.now(), db: Db = getDb()): Caller {
  const ip = clientIp(headers);
  const token = bearer(headers);
  if (token) return fromToken(token, ip, now, db);
  const cookie = readCookie(headers, SESSION_COOKIE);
  return cookie ? fromSession(cookie, ip, now, db) : { kind: "anonymous", ip };
}
