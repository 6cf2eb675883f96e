import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as backup } from "@/app/api/v1/backup/route";
import { POST as addMemory } from "@/app/api/v1/memories/route";
import { damagedDatabaseMessage, getDb, openDb, sqliteOf, type Db } from "@/db/client";
import { DamagedDatabaseError } from "@/db/integrity";
import { adminToken, browserRequest } from "./support/auth";

/**
 * A damaged database: the server will not open it at start, and never hands out a backup of it. The damage is
 * real: a copy of the test's database with one table's root page overwritten.
 */

const work = fs.mkdtempSync(path.join(os.tmpdir(), "starlight-damage-test-"));
const holder = globalThis as { starlightDb?: Db };
let damaged = "";

/** A copy of the live database whose `memories` table has its root page's header overwritten. */
function damagedCopy(): string {
  const live = sqliteOf(getDb());
  live.pragma("wal_checkpoint(TRUNCATE)");
  const file = path.join(work, "damaged.db");
  fs.copyFileSync(live.name, file);
  const { rootpage } = live.prepare("select rootpage from sqlite_master where name = 'memories'").get() as {
    rootpage: number;
  };
  const pageSize = live.pragma("page_size", { simple: true }) as number;
  const fd = fs.openSync(file, "r+");
  fs.writeSync(fd, Buffer.alloc(64, 0xa5), 0, 64, (rootpage - 1) * pageSize);
  fs.closeSync(fd);
  return file;
}

beforeAll(async () => {
  await adminToken();
  for (let i = 0; i < 40; i++) {
    const body = JSON.stringify({
      content: `Lesson ${i}: ${"keep the database sound. ".repeat(20)}`,
      category: "insight",
    });
    const response = await addMemory(
      await browserRequest("http://localhost:3000/api/v1/memories", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body,
      }),
    );
    expect(response.status).toBe(201);
  }
  damaged = damagedCopy();
});

afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

describe("a damaged database", () => {
  it("is not opened by the server: the error names the file, what quick_check found, and how to restore", async () => {
    expect(() => openDb(damaged, { check: true })).toThrow(DamagedDatabaseError);
    try {
      openDb(damaged, { check: true });
    } catch (error) {
      const message = damagedDatabaseMessage(error as DamagedDatabaseError);
      expect(message).toContain(`The database ${damaged} is damaged`);
      expect(message).toMatch(/quick_check found: .+/);
      expect(message).toContain(`npx starlight restore <backup file> --db ${damaged}`);
      // memories_fts is contentless_delete (sqlite 3.43) and its triggers order an aggregate (3.44): older CLIs stop at the schema.
      expect(message).toContain("3.44 or newer");
    }
    let sound: Db | undefined;
    expect(() => (sound = openDb(path.join(work, "sound.db"), { check: true }))).not.toThrow();
    await sound?.$executor.close();
  });

  it("is never handed out as a backup: 503 database_damaged instead", async () => {
    const live = holder.starlightDb;
    // The damage appears while the server runs: its connection now reads the damaged file.
    holder.starlightDb = openDb(damaged);
    try {
      const response = await backup(
        new Request("http://localhost:3000/api/v1/backup", {
          headers: { authorization: `Bearer ${await adminToken()}` },
        }),
      );
      expect(response.status).toBe(503);
      const body = (await response.json()) as {
        error: { code: string; message: string; details: { problems: string[] } };
      };
      expect(body.error.code).toBe("database_damaged");
      expect(body.error.message).toMatch(/quick_check/);
      expect(body.error.details.problems.length).toBeGreaterThan(0);
      expect(fs.readdirSync(work).filter((name) => name.startsWith(".starlight-backup-"))).toEqual([]);
    } finally {
      await holder.starlightDb.$executor.close();
      holder.starlightDb = live;
    }
  });

  it("still gives a backup of a sound database", async () => {
    const response = await backup(
      new Request("http://localhost:3000/api/v1/backup", {
        headers: { authorization: `Bearer ${await adminToken()}` },
      }),
    );
    expect(response.status).toBe(200);
    await response.arrayBuffer();
  });
});
