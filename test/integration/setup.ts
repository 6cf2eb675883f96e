import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll } from "vitest";

// Every test file gets its own real SQLite file in a temp folder, migrated on first use by getDb().
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "starlight-it-"));
process.env.STARLIGHT_DB = path.join(dir, "starlight.db");
const holder = globalThis as { starlightDb?: { $client: { close(): void } } };
delete holder.starlightDb;
// The handlers run as behind scripts/server.mjs: x-starlight-peer in a test's request is the connection's address.
(globalThis as { starlightEdge?: { url: string } }).starlightEdge = { url: "http://127.0.0.1:3000" };

afterAll(() => {
  holder.starlightDb?.$client.close();
  delete holder.starlightDb;
  fs.rmSync(dir, { recursive: true, force: true });
});
