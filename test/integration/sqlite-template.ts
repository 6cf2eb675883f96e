import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { openDb, sqliteOf } from "@/db/client";

declare module "vitest" {
  export interface ProvidedContext {
    /** A closed, migrated SQLite file that each test's fresh SQLite database is a copy of (support/sqlite.ts). */
    sqliteTemplate: string;
  }
}

/**
 * Vitest globalSetup of the integration projects: the migrations run once, into a SQLite file closed with its
 * write-ahead log checkpointed, and every test file's database (and every fresh one a test opens) is a copy of it
 * instead of a new file migrated again (about half a second each). Removed when the run ends.
 */
export default function setup(project: TestProject): () => void {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "starlight-template-"));
  const template = path.join(dir, "template.db");
  const sqlite = sqliteOf(openDb(template));
  sqlite.pragma("wal_checkpoint(TRUNCATE)");
  sqlite.close();
  project.provide("sqliteTemplate", template);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
