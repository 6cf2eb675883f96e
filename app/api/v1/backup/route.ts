import { takeSnapshot } from "@/db/backup";
import { getDb } from "@/db/client";
import { DamagedDatabaseError } from "@/db/integrity";
import { ApiError } from "@/lib/api-error";
import { route } from "@/lib/http/route";
import { audit } from "@/lib/server/auth/audit";
import { mayDownloadBackup } from "./access";
import { fileStream } from "./file-stream";

export const dynamic = "force-dynamic";

/** `starlight-20260101T120000Z.db`: when the snapshot was taken, in UTC. */
function backupFileName(at: Date): string {
  return `starlight-${at.toISOString().replace(/[-:]/g, "").replace(/\.\d+Z$/, "Z")}.db`;
}

export const GET = route({
  doc:
    "A consistent copy of the whole database as one SQLite file, made while the server goes on serving and streamed " +
    "from disk. Instance admins only: signed in, or with a token that reads all projects; `starlight restore <file>` " +
    "puts it back. A copy that fails PRAGMA quick_check is never sent: 503 `database_damaged`, and the server's log " +
    "says what was found. On PostgreSQL (STARLIGHT_DATABASE_URL) this answers 409 `use_pg_dump`: back the database up " +
    "with the server's own tools (pg_dump, or the managed service's backups).",
  auth: "user",
}, async ({ request, caller }) => {
  if (!mayDownloadBackup(caller.access)) {
    throw new ApiError(403, "forbidden", "Only an instance admin may download a backup: signed in, or with an API token that reads all projects.");
  }
  if (getDb().$executor.dialect === "postgresql") {
    throw new ApiError(
      409,
      "use_pg_dump",
      "This instance stores its data in PostgreSQL: back it up with pg_dump (pg_dump -Fc \"$STARLIGHT_DATABASE_URL\" > starlight.dump) or your database service's backups; this endpoint copies the embedded SQLite file only.",
    );
  }
  const started = performance.now();
  const snapshot = await takeSnapshot(getDb(), request.signal).catch((error: unknown) => {
    // Nobody is left to answer: not a server error worth logging.
    if (request.signal.aborted) throw new ApiError(499, "client_closed", "The client went away before the backup was ready.");
    if (!(error instanceof DamagedDatabaseError)) throw error;
    console.error(`[starlight] refused a backup: ${error.message}`);
    throw new ApiError(
      503,
      "database_damaged",
      "database_damaged: the database failed PRAGMA quick_check, so its copy would be damaged too; restore a backup (`starlight restore <file>`).",
      { problems: error.problems },
    );
  });
  const name = backupFileName(new Date());
  await audit(caller, "backup.download", name, { bytes: snapshot.bytes, ms: Math.round(performance.now() - started) });
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
});
