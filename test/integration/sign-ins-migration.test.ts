import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb, isPostgres, sqliteOf, transaction } from "@/db/client";
import { deleteUser } from "@/db/queries/users";
import { secretHash } from "@/lib/auth/secrets";
import { createUser } from "@/lib/server/auth/accounts";
import { resolveCaller } from "@/lib/server/auth/caller";

const DAY = 86_400_000;
const statements = (file: string) => fs.readFileSync(path.resolve(file), "utf8").split("--> statement-breakpoint");
/** The statements of an older migration that made auth_sessions: its table, index and (PostgreSQL) foreign key. */
const authSessions = (file: string) => statements(file).filter((s) => /"auth_sessions"|`auth_sessions`/.test(s));

/** The table as it stood before 0039: auth_sessions, made by SQLite's 0007_accounts or PostgreSQL's 0000_init. */
async function undoMigration(): Promise<void> {
  const db = getDb();
  if (!isPostgres(db)) {
    const sqlite = sqliteOf(db);
    sqlite.exec("DROP TABLE sign_ins");
    for (const statement of authSessions("db/migrations/0007_accounts.sql")) sqlite.exec(statement);
    return;
  }
  await transaction(db, async () => {
    await db.run(sql.raw("DROP TABLE sign_ins"));
    for (const statement of authSessions("db/pg/migrations/0000_init.sql")) await db.run(sql.raw(statement));
  });
}

async function migrate(): Promise<void> {
  const db = getDb();
  if (!isPostgres(db)) {
    const sqlite = sqliteOf(db);
    sqlite.transaction(() => {
      for (const statement of statements("db/migrations/0039_sign_ins.sql")) sqlite.exec(statement);
    })();
    return;
  }
  await transaction(db, async () => {
    for (const statement of statements("db/pg/migrations/0039_sign_ins.sql")) await db.run(sql.raw(statement));
  });
}

/** The names of the table's index and keys: SQLite's index, PostgreSQL's index and constraints. */
async function namesOf(table: string): Promise<string[]> {
  const db = getDb();
  const rows = isPostgres(db)
    ? await db.all<{ name: string }>(
        sql`SELECT indexname AS name FROM pg_indexes WHERE tablename = ${table}
            UNION SELECT conname AS name FROM pg_constraint WHERE conrelid = ${table}::regclass`,
      )
    : await db.all<{ name: string }>(
        sql`SELECT name FROM sqlite_master WHERE tbl_name = ${table} AND type = 'index' AND sql IS NOT NULL`,
      );
  return rows.map((r) => r.name).sort();
}

describe("auth_sessions renamed sign_ins (migration 0039)", () => {
  it("keeps every browser signed in, renames the index and keys, and still deletes a person's sign-ins with them", async () => {
    await undoMigration();
    const user = await createUser(getDb(), {
      email: "signed.in@example.com",
      name: "Signed In",
      password: "a-long-password-1",
      isAdmin: false,
    });
    const secret = "secret-of-a-browser-signed-in-before-the-rename";
    const now = Date.now();
    await getDb().run(
      sql`INSERT INTO auth_sessions (id, user_id, created_at, last_seen_at, expires_at)
          VALUES (${secretHash(secret)}, ${user.id}, ${now}, ${now}, ${now + DAY})`,
    );

    await migrate();

    const caller = await resolveCaller(getDb(), new Headers({ cookie: `starlight_session=${secret}` }), now + 1000);
    expect(caller.kind).toBe("sign-in");
    expect(caller.kind === "sign-in" && caller.user.id).toBe(user.id);
    expect(await namesOf("sign_ins")).toEqual(
      isPostgres(getDb()) ? ["sign_ins_pkey", "sign_ins_user", "sign_ins_user_id_users_id_fk"] : ["sign_ins_user"],
    );
    await deleteUser(getDb(), user.id);
    expect(await getDb().get<{ n: number }>(sql`SELECT count(*) AS n FROM sign_ins`)).toEqual({ n: 0 });
  });
});
