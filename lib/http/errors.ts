import { ApiError } from "@/lib/api-error";

/** What a SQLite error says about the storage under the database, by its (extended) result code. */
const STORAGE_FAULTS: { prefix: string; status: number; code: string; message: string }[] = [
  {
    prefix: "SQLITE_FULL",
    status: 507,
    code: "insufficient_storage",
    message: "the disk holding the database is full; free some space and try again",
  },
  {
    prefix: "SQLITE_READONLY",
    status: 503,
    code: "database_unavailable",
    message: "the database is read-only (its file, its folder or the disk cannot be written)",
  },
  {
    prefix: "SQLITE_CANTOPEN",
    status: 503,
    code: "database_unavailable",
    message: "the database file cannot be opened for writing",
  },
  {
    prefix: "SQLITE_IOERR",
    status: 503,
    code: "database_unavailable",
    message: "the disk holding the database failed a read or a write",
  },
  {
    prefix: "SQLITE_BUSY",
    status: 503,
    code: "database_unavailable",
    message: "another process holds the database locked; try again shortly",
  },
  {
    prefix: "SQLITE_CORRUPT",
    status: 503,
    code: "database_damaged",
    message: "the database file is damaged: restore a backup (`starlight restore <file>`)",
  },
  {
    prefix: "SQLITE_NOTADB",
    status: 503,
    code: "database_damaged",
    message: "the database file is not a SQLite database: restore a backup (`starlight restore <file>`)",
  },
];

/** The SQLite result code of an error, or of the error it wraps (Drizzle wraps the driver's errors as `cause`). */
function sqliteCodeOf(error: unknown, depth = 0): string | null {
  if (typeof error !== "object" || error === null || depth > 3) return null;
  if ("code" in error && typeof error.code === "string" && error.code.startsWith("SQLITE_")) return error.code;
  return "cause" in error ? sqliteCodeOf(error.cause, depth + 1) : null;
}

/**
 * The answer for a fault of the storage under the database (a full disk, a read-only or failing file, a damaged
 * database), naming the cause and SQLite's code; null for any other error.
 */
export function storageFault(error: unknown): ApiError | null {
  const sqliteCode = sqliteCodeOf(error);
  if (sqliteCode === null) return null;
  const fault = STORAGE_FAULTS.find((f) => sqliteCode === f.prefix || sqliteCode.startsWith(`${f.prefix}_`));
  if (!fault) return null;
  return new ApiError(fault.status, fault.code, `${fault.code}: ${fault.message} (${sqliteCode}).`);
}
