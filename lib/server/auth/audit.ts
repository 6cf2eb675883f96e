import "server-only";
import type { Db } from "@/db/client";
import { insertAudit, updateAudit } from "@/db/queries/audit";
import type { PublicUser } from "@/db/queries/users";
import type { IngestReport } from "@/lib/ingest/report";
import type { Uploader } from "@/lib/ingest/session-rows";
import type { SignedIn } from "./caller";

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

/** Who uploads, as each session stored records it (docs/trust-model.md#provenance). */
export function uploaderOf(caller: SignedIn): Uploader {
  return { userId: caller.user.id, tokenId: caller.token?.id ?? null, label: actorLabel(caller) };
}

/** Records who did what (docs/security.md, "Audit log"). */
export async function audit(
  db: Db,
  actor: Actor,
  action: string,
  target: string | null,
  detail: Record<string, unknown> | null = null,
): Promise<void> {
  await insertAudit(db, {
    userId: actor.user?.id ?? null,
    actor: actorLabel(actor),
    action,
    target,
    detail,
    ip: actor.ip,
  });
}

/**
 * The audit entry of one upload, for ingest to keep inside each of its transactions (`ingestFiles`' `onCommit`),
 * so the records and the entry counting them are committed together or not at all: the first transaction that
 * stores anything adds the entry, each later one brings its projects and counts up to date. It names the projects
 * stored into, with the number of files and the totals.
 */
export function uploadAudit(db: Db, actor: Actor): (report: IngestReport) => Promise<void> {
  let id: number | null = null;
  return async (report) => {
    if (report.totals.accepted === 0) return;
    const projects = new Set(report.files.flatMap((f) => (f.project !== null && f.accepted > 0 ? [f.project] : [])));
    const change = { target: [...projects].join(", "), detail: { files: report.files.length, ...report.totals } };
    if (id === null)
      id = await insertAudit(db, {
        userId: actor.user?.id ?? null,
        actor: actorLabel(actor),
        action: "ingest",
        ip: actor.ip,
        ...change,
      });
    else await updateAudit(db, id, change);
  };
}
