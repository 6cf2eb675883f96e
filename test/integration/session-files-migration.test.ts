import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { getDb, sqliteOf } from "@/db/client";
import { storeRecords } from "@/lib/server/store-records";
import { generateSessions } from "@/test/factories/generate/sessions";

const MIGRATIONS = path.resolve("db/migrations");
const migration = (tag: string) =>
  fs.readFileSync(path.join(MIGRATIONS, `${tag}.sql`), "utf8").split("--> statement-breakpoint");

/** The tables and columns under the names they had before 0040 (sessions were stored in `trajectories`). */
const OLD_NAMES = `ALTER TABLE sessions RENAME TO trajectories;
ALTER TABLE session_files RENAME TO trajectory_files;
ALTER TABLE trajectory_files RENAME COLUMN session_id TO trajectory_id;
ALTER TABLE operations RENAME COLUMN session_id TO trajectory_id;
ALTER TABLE memories RENAME COLUMN session_id TO trajectory_id;`;

/** And back, as 0040 renames them. */
const NEW_NAMES = `ALTER TABLE trajectories RENAME TO sessions;
ALTER TABLE trajectory_files RENAME TO session_files;
ALTER TABLE session_files RENAME COLUMN trajectory_id TO session_id;
ALTER TABLE operations RENAME COLUMN trajectory_id TO session_id;
ALTER TABLE memories RENAME COLUMN trajectory_id TO session_id;`;

/** trajectory_files as 0000_init created it, with the rows it holds: a rowid table with its primary key and a path index. */
const BEFORE = `ALTER TABLE trajectory_files RENAME TO kept_files;
CREATE TABLE trajectory_files (
  trajectory_id integer NOT NULL, role text NOT NULL, path text NOT NULL,
  PRIMARY KEY(trajectory_id, role, path),
  FOREIGN KEY (trajectory_id) REFERENCES trajectories(id) ON UPDATE no action ON DELETE cascade
);
INSERT INTO trajectory_files SELECT * FROM kept_files;
DROP TABLE kept_files;
CREATE INDEX trajectory_files_path ON trajectory_files (path);`;

const files = () =>
  sqliteOf(getDb()).prepare("SELECT trajectory_id, role, path FROM trajectory_files ORDER BY 1, 2, 3").all();

describe("the trajectory_files rebuild (0015)", () => {
  it("keeps every row, drops the path index and leaves a WITHOUT ROWID table whose cascade still works", async () => {
    const db = getDb();
    const sqlite = sqliteOf(db);
    await storeRecords(db, "files-migration", {
      sessions: generateSessions({ seed: 5, count: 60, idPrefix: "fm" }),
      patterns: [],
    });
    sqlite.exec(OLD_NAMES);
    sqlite.exec(BEFORE);
    const before = files();
    expect(before.length).toBeGreaterThan(100);
    sqlite.transaction(() => {
      for (const statement of migration("0015_trajectory_files_without_rowid")) sqlite.exec(statement);
    })();
    expect(files()).toEqual(before);
    const schema = sqlite
      .prepare("SELECT type, name, sql FROM sqlite_master WHERE tbl_name = 'trajectory_files'")
      .all() as { type: string; name: string; sql: string | null }[];
    expect(schema.map((s) => s.name)).toEqual(["trajectory_files"]);
    expect(schema.find((s) => s.type === "table")?.sql).toMatch(/WITHOUT ROWID$/);
    const { id } = sqlite.prepare("SELECT trajectory_id AS id FROM trajectory_files LIMIT 1").get() as { id: number };
    sqlite.prepare("DELETE FROM trajectories WHERE id = ?").run(id);
    expect(sqlite.prepare("SELECT count(*) AS n FROM trajectory_files WHERE trajectory_id = ?").get(id)).toEqual({
      n: 0,
    });
    sqlite.exec(NEW_NAMES);
  });

  it("leaves a schema whose tables ALTER TABLE ... RENAME can rebuild, as drizzle-kit's migrations do", () => {
    const db = sqliteOf(getDb());
    for (const table of ["sessions", "memories", "projects"]) {
      db.exec("SAVEPOINT rename");
      expect(() => db.exec(`ALTER TABLE ${table} RENAME TO ${table}_renamed`)).not.toThrow();
      db.exec("ROLLBACK TO rename; RELEASE rename");
    }
  });
});
