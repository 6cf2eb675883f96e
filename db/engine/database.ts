import { entityKind, NoopLogger, type Query } from "drizzle-orm";
import { NoopCache } from "drizzle-orm/cache/core";
import type { WithCacheConfig } from "drizzle-orm/cache/core/types";
import {
  BaseSQLiteDatabase,
  SQLiteAsyncDialect,
  type SelectedFieldsOrdered,
  type SQLiteExecuteMethod,
  type SQLiteSession,
} from "drizzle-orm/sqlite-core";
import { RemotePreparedQuery, SQLiteRemoteSession, type PreparedQueryConfig } from "drizzle-orm/sqlite-proxy";
import type { Method, RunResult } from "./executor";
import type { PostgresExecutor } from "./postgres";
import { PostgresRenderDialect } from "./postgres-dialect";
import type { SqliteExecutor } from "./sqlite";
import { statement } from "./statement";
import { storableJson } from "./storable-text";

type AnyExecutor = SqliteExecutor | PostgresExecutor;

/** The app's database: Drizzle's SQLite builder, asynchronous, over the executor of one engine or the other. */
export type Db = BaseSQLiteDatabase<"async", RunResult> & { readonly $executor: AnyExecutor };

type Tables = Record<string, never>;

/** A remote session whose statements tell the executor how Drizzle maps their rows, and whose transactions are the executor's. */
class ExecutorSession extends SQLiteRemoteSession<Tables, Tables> {
  static override readonly [entityKind]: string = "StarlightExecutorSession";
  private readonly noLogger = new NoopLogger();
  private readonly noCache = new NoopCache();

  constructor(
    private readonly executor: AnyExecutor,
    dialect: SQLiteAsyncDialect,
  ) {
    super(
      (sql, params, method) => executor.query(sql, params, method, false) as Promise<{ rows: unknown[] }>,
      dialect,
      undefined,
    );
  }

  /** Rows Drizzle maps to selected fields come as arrays; a raw `db.all(sql)` gets objects keyed by column. */
  override prepareQuery<T extends Omit<PreparedQueryConfig, "run">>(
    query: Query,
    fields: SelectedFieldsOrdered | undefined,
    executeMethod: SQLiteExecuteMethod,
    isResponseInArrayMode: boolean,
    customResultMapper?: (rows: unknown[][]) => unknown,
    queryMetadata?: { type: "select" | "update" | "delete" | "insert"; tables: string[] },
    cacheConfig?: WithCacheConfig,
  ): RemotePreparedQuery<T> {
    const arrayMode = fields !== undefined || customResultMapper !== undefined;
    const client = async (sql: string, params: unknown[], how: Method) => {
      const result = await this.executor.query(sql, params, how, arrayMode || how === "values");
      return (how === "run" ? result : { rows: result }) as { rows: unknown[] };
    };
    return new RemotePreparedQuery<T>(
      client,
      query,
      this.noLogger,
      this.noCache,
      queryMetadata,
      cacheConfig,
      fields,
      executeMethod,
      isResponseInArrayMode,
      customResultMapper,
    );
  }

  override transaction<T>(): Promise<T> {
    throw new Error("use transaction(db, work) from @/db/client: the executor owns transactions");
  }
}

/** The Drizzle database over `executor`. */
export function databaseOver(executor: AnyExecutor): Db {
  const dialect = executor.dialect === "postgresql" ? new PostgresRenderDialect() : new SQLiteAsyncDialect();
  const session = new ExecutorSession(executor, dialect);
  const db = new BaseSQLiteDatabase(
    "async",
    dialect,
    session as unknown as SQLiteSession<"async", RunResult, Tables, Tables>,
    undefined,
  );
  return Object.assign(db, { $executor: executor });
}

/**
 * Runs `work` in one transaction of `db`'s engine. Queries inside go through `db` as usual: the executor knows
 * them by their async context. A call inside another is a savepoint.
 */
export function transaction<T>(db: Db, work: () => Promise<T>): Promise<T> {
  return db.$executor.transaction(work);
}

/** The SQLite connection under `db`, for what only SQLite has; an error on PostgreSQL, which has its own tools. */
export function sqliteOf(db: Db): SqliteExecutor["sqlite"] {
  if (db.$executor.dialect !== "sqlite")
    throw new Error("this needs the embedded SQLite database; on PostgreSQL use its own tools (pg_dump)");
  return db.$executor.sqlite;
}

const advisoryLock = statement("SELECT pg_advisory_xact_lock(hashtext(?))", { prepared: true });

/**
 * Inside a transaction: makes any other transaction that takes the same key, in this process or another, wait until
 * this one ends. For a transaction that reads before it writes (is this session stored? is a generation open?).
 * SQLite's write transactions are one at a time already (BEGIN IMMEDIATE); PostgreSQL takes a transaction-scoped
 * advisory lock. Take several keys in a sorted order, so two transactions never wait on each other.
 */
export async function lockKey(db: Db, key: string): Promise<void> {
  if (isPostgres(db)) await advisoryLock.all(db, key);
}

/** `db` runs on PostgreSQL. */
export const isPostgres = (db: Db) => db.$executor.dialect === "postgresql";

/** `value` as the JSON text of a statement's parameter; on PostgreSQL with its escapes mapped as storableJson says. */
export function jsonParameter(db: Db, value: unknown): string {
  const json = JSON.stringify(value);
  return isPostgres(db) ? storableJson(json) : json;
}
