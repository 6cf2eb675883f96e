import { takeSnapshot, type Snapshot } from "@/db/backup";
import { isPostgres, type Db } from "@/db/client";
import { DamagedDatabaseError } from "@/db/integrity";
import { ApiError } from "@/lib/api-error";

/**
 * A consistent copy of the app's SQLite database, checked, for the backup download. ApiErrors: 409 `use_pg_dump` on
 * PostgreSQL (its own tools back it up), 499 when `signal` aborted first, 503 `database_damaged` when the copy fails
 * PRAGMA quick_check (logged with what was found).
 */
export async function backupSnapshot(db: Db, signal: AbortSignal): Promise<Snapshot> {
  if (isPostgres(db)) {
    throw new ApiError(
      409,
      "use_pg_dump",
      'This instance stores its data in PostgreSQL: back it up with pg_dump (pg_dump -Fc "$STARLIGHT_DATABASE_URL" > starlight.dump) or your database service\'s backups; this endpoint copies the embedded SQLite file only.',
    );
  }
  return takeSnapshot(db, signal).catch((error: unknown) => {
    // Nobody is left to answer: not a server error worth logging.
    if (signal.aborted) throw new ApiError(499, "client_closed", "The client went away before the backup was ready.");
    if (!(error instanceof DamagedDatabaseError)) throw error;
    console.error(`[starlight] refused a backup: ${error.message}`);
    throw new ApiError(
      503,
      "database_damaged",
      "database_damaged: the database failed PRAGMA quick_check, so its copy would be damaged too; restore a backup (`starlight restore <file>`).",
      { problems: error.problems },
    );
  });
}
