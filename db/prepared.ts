import "server-only";
import type Database from "better-sqlite3";
import type { Db } from "./client";

/**
 * Prepared statements built once per connection: `const prepared = preparedFor(statements)` then
 * `prepared(db).someStatement.run(...)`. For hot paths that run the same SQL thousands of times.
 */
export function preparedFor<T>(build: (sqlite: Database.Database) => T): (db: Db) => T {
  const cache = new WeakMap<Database.Database, T>();
  return (db) => {
    let statements = cache.get(db.$client);
    if (!statements) {
      statements = build(db.$client);
      cache.set(db.$client, statements);
    }
    return statements;
  };
}
