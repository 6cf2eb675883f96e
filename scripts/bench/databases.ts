/**
 * The databases of one bench run, on either engine: a fresh, migrated one per measurement (a SQLite file in the
 * run's folder, or a PostgreSQL database), dropped when the measurement ends. PostgreSQL runs on one server for the
 * whole run: STARLIGHT_TEST_DATABASE_URL's when set, else a throwaway cluster (scripts/harness/postgres.ts). Its
 * databases are copies (CREATE DATABASE … TEMPLATE) of one migrated when the run starts, so each measurement starts
 * on Starlight's schema without waiting for the migrations.
 */
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { openDb, openPostgres, type Db } from "@/db/client";
import { migratePg } from "@/db/pg/migrate";
import { testDatabase } from "../harness/postgres";
import { copyDatabase, dropDatabase, newDatabase } from "../postgres.mjs";

export type Engine = "sqlite" | "postgresql";
export const ENGINES: readonly Engine[] = ["sqlite", "postgresql"];
export const ENGINE_NAMES: Record<Engine, string> = { sqlite: "SQLite", postgresql: "PostgreSQL" };

/** One measurement's database. */
export interface Place {
  engine: Engine;
  /** The SQLite file; on PostgreSQL a path the server is handed but does not use. */
  file: string;
  /** The PostgreSQL database; null on SQLite. */
  url: string | null;
  /** The app's `Db` over it (a connection or a pool: close it with `$executor.close()`). */
  open(): Db;
  /**
   * After a bulk load, before reads are timed: on PostgreSQL VACUUM ANALYZE, the state autovacuum brings a server to
   * soon after a load (planner statistics, the visibility map), so that it does not run during the timings; nothing
   * on SQLite, which has no such background work.
   */
  settle(): Promise<void>;
  /** Deletes the database (and, on PostgreSQL, ends what autovacuum would still do on it). */
  drop(): Promise<void>;
}

export interface Databases {
  /** The PostgreSQL server: its version, and whose it is. */
  postgres: string;
  /** A new database for the measurement `name`, migrated (a SQLite file as it is opened). */
  fresh(engine: Engine, name: string): Promise<Place>;
  /** A new, empty PostgreSQL database, for a baseline that creates its own tables. */
  emptyPostgres(name: string): Promise<Place>;
  /** Drops what is left and stops the cluster, if one was started. */
  close(): Promise<void>;
}

const prefix = (name: string) => `starlight_bench_${name.toLowerCase().replace(/[^a-z0-9]+/g, "_")}`;

/** `work` on a `pg` client of its own, connected to `url`, ended after. */
export async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const serverVersion = (url: string) =>
  withClient(
    url,
    async (client) => (await client.query<{ server_version: string }>("SHOW server_version")).rows[0]!.server_version,
  );

function sqlitePlace(dir: string, name: string): Place {
  const file = path.join(dir, `${name}.db`);
  return {
    engine: "sqlite",
    file,
    url: null,
    open: () => openDb(file),
    settle: async () => {},
    drop: async () => {
      for (const suffix of ["", "-wal", "-shm"]) fs.rmSync(`${file}${suffix}`, { force: true });
    },
  };
}

function postgresPlace(dir: string, url: string, made: Set<string>): Place {
  made.add(url);
  return {
    engine: "postgresql",
    file: path.join(dir, "unused-by-postgresql.db"),
    url,
    open: () => openPostgres(url),
    settle: () => withClient(url, async (client) => void (await client.query("VACUUM ANALYZE"))),
    drop: async () => {
      made.delete(url);
      await dropDatabase(url);
    },
  };
}

export async function openDatabases(dir: string): Promise<Databases> {
  const server = await testDatabase("starlight_bench");
  const made = new Set<string>();
  const close = async () => {
    for (const url of made) await dropDatabase(url);
    await server.stop();
  };
  try {
    const template = await newDatabase(server.url, prefix("template"));
    made.add(template);
    await migratePg(template);
    const whose = process.env.STARLIGHT_TEST_DATABASE_URL
      ? "the server of STARLIGHT_TEST_DATABASE_URL"
      : "a throwaway cluster";
    return {
      postgres: `PostgreSQL ${await serverVersion(template)} on ${whose}`,
      fresh: async (engine, name) =>
        engine === "sqlite"
          ? sqlitePlace(dir, name)
          : postgresPlace(dir, await copyDatabase(template, prefix(name)), made),
      emptyPostgres: async (name) => postgresPlace(dir, await newDatabase(server.url, prefix(name)), made),
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}
