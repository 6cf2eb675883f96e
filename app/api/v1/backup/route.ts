import { ApiError } from "@/lib/api-error";
import { route } from "@/lib/http/route";
import { audit } from "@/lib/server/auth/audit";
import { backupSnapshot } from "@/lib/server/backup";
import { mayDownloadBackup } from "./access";
import { fileStream } from "./file-stream";
import { getDb } from "@/db/client";

export const dynamic = "force-dynamic";

/** `starlight-20260101T120000Z.db`: when the snapshot was taken, in UTC. */
function backupFileName(at: Date): string {
  return `starlight-${at
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d+Z$/, "Z")}.db`;
}

export const GET = route(
  {
    doc:
      "A consistent copy of the whole database as one SQLite file, made while the server goes on serving and streamed " +
      "from disk. Instance admins only: signed in, or with a token that reads all projects; `starlight restore <file>` " +
      "puts it back. A copy that fails PRAGMA quick_check is never sent: 503 `database_damaged`, and the server's log " +
      "says what was found. On PostgreSQL (STARLIGHT_DATABASE_URL) this answers 409 `use_pg_dump`: back the database up " +
      "with the server's own tools (pg_dump, or the managed service's backups).",
    auth: "user",
    response: { contentType: "application/vnd.sqlite3", description: "The SQLite database file, as an attachment." },
  },
  async ({ request, caller }) => {
    if (!mayDownloadBackup(caller.access)) {
      throw new ApiError(
        403,
        "forbidden",
        "Only an instance admin may download a backup: signed in, or with an API token that reads all projects.",
      );
    }
    const started = performance.now();
    const snapshot = await backupSnapshot(getDb(), request.signal);
    const name = backupFileName(new Date());
    await audit(getDb(), caller, "backup.download", name, {
      bytes: snapshot.bytes,
      ms: Math.round(performance.now() - started),
    });
    return new Response(fileStream(snapshot.handle), {
      headers: {
        "Content-Type": "application/vnd.sqlite3",
        "Content-Disposition": `attachment; filename="${name}"`,
        // Next.js (16.4) drops Content-Length from route handlers' answers and sends them chunked; the size stays
        // readable in X-Starlight-Backup-Bytes.
        "Content-Length": String(snapshot.bytes),
        "X-Starlight-Backup-Bytes": String(snapshot.bytes),
        "Cache-Control": "no-store",
      },
    });
  },
);
