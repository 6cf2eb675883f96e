import { describe, expect, it } from "vitest";
import { storageFault } from "./errors";

const sqliteError = (code: string) => Object.assign(new Error("sqlite says no"), { code });

describe("storageFault", () => {
  it("names the cause of a full, read-only, failing or damaged database, by SQLite's code", () => {
    expect(storageFault(sqliteError("SQLITE_FULL"))).toMatchObject({ status: 507, code: "insufficient_storage" });
    for (const code of [
      "SQLITE_READONLY",
      "SQLITE_READONLY_DBMOVED",
      "SQLITE_CANTOPEN",
      "SQLITE_IOERR_WRITE",
      "SQLITE_BUSY",
    ]) {
      expect(storageFault(sqliteError(code))).toMatchObject({ status: 503, code: "database_unavailable" });
    }
    for (const code of ["SQLITE_CORRUPT", "SQLITE_CORRUPT_INDEX", "SQLITE_NOTADB"]) {
      expect(storageFault(sqliteError(code))).toMatchObject({ status: 503, code: "database_damaged" });
    }
    expect(storageFault(sqliteError("SQLITE_IOERR_FSYNC"))?.message).toBe(
      "database_unavailable: the disk holding the database failed a read or a write (SQLITE_IOERR_FSYNC).",
    );
  });

  it("looks through the errors Drizzle wraps around the driver's", () => {
    const wrapped = Object.assign(new Error("Failed to run the query"), { cause: sqliteError("SQLITE_FULL") });
    expect(storageFault(wrapped)?.status).toBe(507);
  });

  it("leaves every other error alone", () => {
    for (const error of [
      new Error("bug"),
      sqliteError("SQLITE_CONSTRAINT_UNIQUE"),
      sqliteError("SQLITE_FULLY_MADE_UP"),
      sqliteError("ENOSPC"),
      null,
      "SQLITE_FULL",
    ]) {
      expect(storageFault(error)).toBeNull();
    }
  });
});
