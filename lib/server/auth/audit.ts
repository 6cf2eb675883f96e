import "server-only";
import { getDb, type Db } from "@/db/client";
import { insertAudit } from "@/db/queries/audit";
import type { PublicUser } from "@/db/queries/users";

/** Whoever acted: a caller (signed in or not), or a person who has just proved who they are. */
export interface Actor {
  ip: string;
  user?: PublicUser;
  token?: { prefix: string };
}

/** How the audit log names the actor: the person's email, with the token's prefix when a token acted. */
export function actorLabel(actor: Actor): string {
  if (!actor.user) return "anonymous";
  return actor.token ? `${actor.user.email} (token ${actor.token.prefix}…)` : actor.user.email;
}

/** Records who did what (README, "Audit log"). */
export function audit(actor: Actor, action: string, target: string | null, detail: Record<string, unknown> | null = null, db: Db = getDb()): void {
  insertAudit({ userId: actor.user?.id ?? null, actor: actorLabel(actor), action, target, detail, ip: actor.ip }, db);
}
