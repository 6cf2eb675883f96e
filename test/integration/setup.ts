import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll } from "vitest";
import { closeDb } from "@/db/client";
import { dropDatabase } from "../../scripts/postgres.mjs";
import { freshDatabase } from "./support/postgres";
import { freshSqliteFile } from "./support/sqlite";

// Every test file gets its own real database: a SQLite file in a temp folder, a copy of the run's migrated template
// (sqlite-template.ts) that getDb() opens on first use, or, in the integration-pg project
// (STARLIGHT_TEST_BACKEND=postgres), a new migrated database on the test PostgreSQL server.
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "starlight-it-"));
process.env.STARLIGHT_DB = freshSqliteFile(path.join(dir, "starlight.db"));
const postgresUrl = process.env.STARLIGHT_TEST_BACKEND === "postgres" ? await freshDatabase() : null;
if (postgresUrl) process.env.STARLIGHT_DATABASE_URL = postgresUrl;
await closeDb();
// The handlers run as behind scripts/server.mjs: x-starlight-peer in a test's request is the connection's address.
(globalThis as { starlightEdge?: { url: string } }).starlightEdge = { url: "http://127.0.0.1:3000" };

afterAll(async () => {
  await closeDb();
  if (postgresUrl) await dropDatabase(postgresUrl);
  fs.rmSync(dir, { recursive: true, force: true });
});
