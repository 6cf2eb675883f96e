import fs from "node:fs";
import path from "node:path";
import { inject } from "vitest";

/**
 * Makes `file` a new SQLite database holding Starlight's migrated schema and nothing else: a copy of the run's
 * template (sqlite-template.ts), which openDb finds already migrated. Its folder is created when missing.
 */
export function freshSqliteFile(file: string): string {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.copyFileSync(inject("sqliteTemplate"), file);
  return file;
}
