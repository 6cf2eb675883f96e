import "server-only";
import type { Db } from "@/db/client";
import { signInUser, deleteExpiredSignIns, touchSignIn } from "@/db/queries/sign-ins";
import { rolesOf } from "@/db/queries/members";
import { findLiveToken, markTokenUsed } from "@/db/queries/tokens";
import { getUser, type PublicUser } from "@/db/queries/users";
import type { Access } from "@/lib/auth/access";
import { secretHash } from "@/lib/auth/secrets";
import { clientIp } from "@/lib/http/same-origin";
import { bestEffort } from "@/lib/server/best-effort";
import { SIGN_IN_COOKIE, signInExpiry, signInLife } from "./sign-in-cookie";

/** Someone who proved who they are, with a browser's sign-in or an API token. */
export interface SignedIn {
  kind: "sign-in" | "token";
  user: PublicUser;
  access: Access;
  /** The sign-in's id (hash of the cookie) or the token's id and prefix. */
  signInId?: string;
  token?: { id: number; prefix: string };
  ip: string;
}

export type Caller = SignedIn | { kind: "anonymous"; ip: string };

/**
 * Last-used times are written at most once a minute per sign-in or token, not on every request; they are
 * best-effort, so a full or read-only disk never turns a read into an error.
 */
const TOUCH_EVERY_MS = 60_000;
/** Sign-ins no longer alive are deleted at each sign-in and, at most once an hour, on a sign-in's lookup. */
const SWEEP_EVERY_MS = 3_600_000;
let lastSweep = Number.NEGATIVE_INFINITY;

function readCookie(headers: Headers, name: string): string | null {
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

async function fromToken(db: Db, secret: string, ip: string, now: number): Promise<Caller> {
  const token = await findLiveToken(db, secretHash(secret));
  const user = token && (await getUser(db, token.userId));
  if (!token || !user) return { kind: "anonymous", ip };
  if (token.lastUsedAt === null || now - token.lastUsedAt > TOUCH_EVERY_MS)
    await bestEffort("recording a token's last use", () => markTokenUsed(db, token.id, now));
  return {
    kind: "token",
    user,
    ip,
    token: { id: token.id, prefix: token.prefix },
    access: {
      admin: user.isAdmin,
      roles: await rolesOf(db, user.id),
      token: { permissions: token.permissions, projects: token.projectIds },
    },
  };
}

async function fromSignIn(db: Db, secret: string, ip: string, now: number): Promise<Caller> {
  const signInId = secretHash(secret);
  const found = await signInUser(db, signInId, signInLife(now));
  if (Math.abs(now - lastSweep) > SWEEP_EVERY_MS) {
    lastSweep = now;
    await bestEffort("sweeping out expired sign-ins", () => deleteExpiredSignIns(db, signInLife(now)));
  }
  if (!found) return { kind: "anonymous", ip };
  if (now - found.lastSeenAt > TOUCH_EVERY_MS)
    await bestEffort("recording a sign-in's last use", () =>
      touchSignIn(db, signInId, now, signInExpiry(found.createdAt, now)),
    );
  return {
    kind: "sign-in",
    user: found.user,
    ip,
    signInId,
    access: { admin: found.user.isAdmin, roles: await rolesOf(db, found.user.id) },
  };
}

/**
 * Who is calling: an `Authorization: Bearer` API token if one is sent (it wins over any cookie), else the
 * sign-in cookie, else anonymous. An unknown, revoked or expired credential is simply anonymous.
 */
export async function resolveCaller(db: Db, headers: Headers, now: number = Date.now()): Promise<Caller> {
  const ip = clientIp(headers);
  const token = bearer(headers);
  if (token) return fromToken(db, token, ip, now);
  const cookie = readCookie(headers, SIGN_IN_COOKIE);
  return cookie ? fromSignIn(db, cookie, ip, now) : { kind: "anonymous", ip };
}
