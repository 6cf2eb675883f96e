import path from "node:path";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";

const MIGRATIONS = path.join(process.cwd(), "db", "pg", "migrations");

/** The advisory lock key every Starlight process takes to migrate: any constant that nothing else sharing the database takes. */
const MIGRATION_LOCK = 5_791_164_718;

/**
 * Applies db/pg/migrations to the database at `url`. Several web processes may start at once: each takes the same
 * session advisory lock on the connection that migrates, so one applies the migrations and the others, once they
 * get the lock, find nothing left to apply.
 */
export async function migratePg(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK]);
    try {
      await migrate(drizzle(client), { migrationsFolder: MIGRATIONS });
    } finally {
      await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK]);
    }
  } finally {
    await client.end();
  }
}
