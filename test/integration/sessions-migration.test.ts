import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb, isPostgres, sqliteOf, transaction, type Db } from "@/db/client";
import { statement } from "@/db/engine/statement";
import { ensureProject } from "@/db/queries/session-writes";
import { storeRecords } from "@/lib/server/store-records";
import { generateSessions } from "@/test/factories/generate/sessions";
import { overviewVersusScan } from "./support/overview-scan";
import { statsSnapshot, statsVersusScan } from "./support/stats-oracle";

const statements = (file: string) =>
  fs
    .readFileSync(path.resolve(file), "utf8")
    .split("--> statement-breakpoint")
    .filter((s) => s.replace(/--.*$/gm, "").trim() !== "");

const INDEXES = ["external", "started", "success", "operations", "category", "domain", "session", "uploader"];
const TRIGGERS = [
  "stats_insert",
  "stats_delete",
  "stats_update",
  "day_stats_insert",
  "day_stats_delete",
  "day_stats_update",
];

/** PostgreSQL's renames of 0040, each with its inverse. */
function pgRenames(): [string, string][] {
  return statements("db/pg/migrations/0040_sessions.sql")
    .map((s) => s.replace(/^(--.*\n)*/, "").trim())
    .filter((s) => s.startsWith("ALTER"))
    .map((s) => {
      const column = /^ALTER TABLE "(\w+)" RENAME (COLUMN|CONSTRAINT) "(\w+)" TO "(\w+)";$/.exec(s);
      if (column) return [s, `ALTER TABLE "${column[1]}" RENAME ${column[2]} "${column[4]}" TO "${column[3]}";`];
      const object = /^ALTER (TABLE|INDEX|SEQUENCE) "(\w+)" RENAME TO "(\w+)";$/.exec(s);
      if (!object) throw new Error(`not a rename: ${s}`);
      return [s, `ALTER ${object[1]} "${object[3]}" RENAME TO "${object[2]}";`];
    });
}

/**
 * The database as it stood before 0040: sessions in `trajectories`, their files in `trajectory_files`, the
 * `trajectory_id` columns, the old index and key names, memory sources of `:trajectory:`, and the triggers the
 * newest trigger migrations before it made (SQLite's 0024 and 0026, PostgreSQL's 0007 and 0002).
 */
async function undoMigration(db: Db): Promise<void> {
  const back = "source = replace(source, ':session:', ':trajectory:') WHERE source LIKE 'project:%:session:%'";
  if (!isPostgres(db)) {
    const sqlite = sqliteOf(db);
    sqlite.transaction(() => {
      for (const t of TRIGGERS) sqlite.exec(`DROP TRIGGER sessions_${t}`);
      const made = INDEXES.map((i) => {
        const { sql: text } = sqlite
          .prepare("SELECT sql FROM sqlite_master WHERE name = ?")
          .get(`sessions_project_${i}`) as { sql: string };
        sqlite.exec(`DROP INDEX sessions_project_${i}`);
        return text
          .replace(`sessions_project_${i}`, `trajectories_project_${i}`)
          .replace("`sessions`", "`trajectories`");
      });
      sqlite.exec(`DROP INDEX memories_session;
        ALTER TABLE sessions RENAME TO trajectories;
        ALTER TABLE session_files RENAME TO trajectory_files;
        ALTER TABLE trajectory_files RENAME COLUMN session_id TO trajectory_id;
        ALTER TABLE operations RENAME COLUMN session_id TO trajectory_id;
        ALTER TABLE memories RENAME COLUMN session_id TO trajectory_id;
        CREATE INDEX memories_trajectory ON memories (trajectory_id);
        UPDATE memories SET ${back};`);
      for (const text of made) sqlite.exec(text);
      for (const file of ["0024_guidance_stats_triggers", "0026_day_stats_triggers"])
        for (const s of statements(`db/migrations/${file}.sql`)) sqlite.exec(s);
    })();
    return;
  }
  await transaction(db, async () => {
    for (const t of TRIGGERS) {
      await db.run(sql.raw(`DROP TRIGGER sessions_${t} ON sessions`));
      await db.run(sql.raw(`DROP FUNCTION sessions_${t}()`));
    }
    for (const [, inverse] of pgRenames().reverse()) await db.run(sql.raw(inverse));
    await db.run(sql.raw(`UPDATE memories SET ${back}`));
    for (const file of ["0007_guidance_stats_triggers", "0002_day_stats_triggers"])
      for (const s of statements(`db/pg/migrations/${file}.sql`)) await db.run(sql.raw(s));
  });
}

/** 0040, then the two generated trigger migrations after it, as the migrator applies them. */
async function migrate(db: Db): Promise<void> {
  const tags = ["0040_sessions", "0041_guidance_stats_triggers", "0042_day_stats_triggers"];
  if (!isPostgres(db)) {
    const sqlite = sqliteOf(db);
    sqlite.transaction(() => {
      for (const tag of tags) for (const s of statements(`db/migrations/${tag}.sql`)) sqlite.exec(s);
    })();
    return;
  }
  await transaction(db, async () => {
    for (const tag of tags) for (const s of statements(`db/pg/migrations/${tag}.sql`)) await db.run(sql.raw(s));
  });
}

/** Every table, column, index, key, trigger, sequence or function whose name (or SQL) still says trajectory. */
async function oldNames(db: Db): Promise<string[]> {
  const rows = await statement<{ name: string }>({
    sqlite: `SELECT name FROM sqlite_master WHERE name LIKE '%traject%' OR sql LIKE '%traject%'`,
    postgresql: `SELECT relname AS name FROM pg_class WHERE relname LIKE '%traject%'
      UNION SELECT conname FROM pg_constraint WHERE conname LIKE '%traject%'
      UNION SELECT tgname FROM pg_trigger WHERE tgname LIKE '%traject%'
      UNION SELECT proname FROM pg_proc WHERE proname LIKE '%traject%' OR prosrc LIKE '%traject%'
      UNION SELECT a.attname FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid
        WHERE a.attname LIKE '%traject%' AND a.attnum > 0 AND c.relkind = 'r'`,
  }).all(db);
  return rows.map((r) => r.name).sort();
}

type Row = Record<string, unknown>;
const rows = (db: Db, text: string) => statement<Row>(text).all(db);

/** What a session owns, read under either name. */
async function contents(db: Db, sessions: string, files: string, key: string) {
  return {
    sessions: await rows(db, `SELECT id, project_id, external_id, success_score FROM ${sessions} ORDER BY id`),
    operations: await rows(db, `SELECT ${key} AS owner, seq, tool FROM operations ORDER BY ${key}, seq`),
    files: await rows(db, `SELECT ${key} AS owner, role, path FROM ${files} ORDER BY ${key}, role, path`),
    memories: await rows(db, `SELECT id, ${key} AS owner, source FROM memories ORDER BY id`),
  };
}

describe("trajectories renamed sessions (migrations 0040–0042)", () => {
  it("keeps every session with its operations, files and memories, renames their sources, and leaves triggers that keep the aggregates", async () => {
    const db = getDb();
    const slugs = ["rename-a", "rename-b"];
    for (const [i, slug] of slugs.entries())
      await storeRecords(db, slug, {
        sessions: generateSessions({ seed: 40 + i, count: 120, idPrefix: slug }),
        patterns: [],
      });
    const projectIds: number[] = [];
    for (const slug of slugs) projectIds.push(await ensureProject(db, slug));
    await undoMigration(db);
    const before = await contents(db, "trajectories", "trajectory_files", "trajectory_id");
    expect(before.memories.filter((m) => String(m.source).includes(":trajectory:")).length).toBe(240);
    const stats = await statsSnapshot(db);

    await migrate(db);

    expect(await oldNames(db)).toEqual([]);
    const after = await contents(db, "sessions", "session_files", "session_id");
    expect(after.sessions).toEqual(before.sessions);
    expect(after.operations).toEqual(before.operations);
    expect(after.files).toEqual(before.files);
    expect(after.memories).toEqual(
      before.memories.map((m) => ({ ...m, source: String(m.source).replace(":trajectory:", ":session:") })),
    );
    expect(await statsSnapshot(db)).toEqual(stats);

    await storeRecords(db, slugs[1]!, {
      sessions: generateSessions({ seed: 50, count: 60, idPrefix: "after" }),
      patterns: [],
    });
    const gone = after.sessions[0]!.id;
    await db.run(sql`DELETE FROM sessions WHERE id = ${gone}`);
    expect(await statsVersusScan(db, projectIds)).toEqual([]);
    expect(await overviewVersusScan(db, { readable: "all", projectId: null })).toEqual([]);
    for (const table of ["operations", "session_files", "memories"])
      expect(await rows(db, `SELECT 1 FROM ${table} WHERE session_id = ${Number(gone)}`)).toEqual([]);
  });
});
