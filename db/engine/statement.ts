import type { Db } from "./database";
import type { RunResult } from "./executor";

/** One SQL text for both engines, or one per engine where their SQL differs. */
export type StatementText = string | { sqlite: string; postgresql: string };

/**
 * A hand-written statement with `?` placeholders, for the hot paths and the SQL the query builder does not
 * express. The executor keeps it prepared (SQLite) or its placeholders numbered (PostgreSQL), by text; with
 * `prepared`, PostgreSQL keeps it prepared too (Executor.query says when that suits).
 */
export interface Statement<Row> {
  all(db: Db, ...params: unknown[]): Promise<Row[]>;
  get(db: Db, ...params: unknown[]): Promise<Row | undefined>;
  run(db: Db, ...params: unknown[]): Promise<RunResult>;
}

export function statement<Row = Record<string, unknown>>(
  text: StatementText,
  options: { prepared?: boolean } = {},
): Statement<Row> {
  const sqlOf = (db: Db) => (typeof text === "string" ? text : text[db.$executor.dialect]);
  const prepared = options.prepared ?? false;
  return {
    all: (db, ...params) => db.$executor.query(sqlOf(db), params, "all", false, prepared) as Promise<Row[]>,
    get: (db, ...params) => db.$executor.query(sqlOf(db), params, "get", false, prepared) as Promise<Row | undefined>,
    run: (db, ...params) => db.$executor.query(sqlOf(db), params, "run", false, prepared) as Promise<RunResult>,
  };
}
