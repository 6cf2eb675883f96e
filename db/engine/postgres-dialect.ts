import { Column, getTableColumns, is, Param, sql, SQL } from "drizzle-orm";
import { SQLiteAsyncDialect, type SQLiteColumn, type SQLiteInsertConfig } from "drizzle-orm/sqlite-core";

/**
 * An ON CONFLICT clause with its target columns bare: the builder writes them table-qualified
 * (`"project_members"."user_id"`), which SQLite accepts and PostgreSQL refuses. The target is the clause's one
 * list of columns; the SET list and its `excluded.` references are left as they are.
 */
function bareConflictTarget(clause: SQL): SQL {
  const chunks = clause.queryChunks.map((chunk) => {
    if (!is(chunk, SQL)) return chunk;
    const bare = chunk.queryChunks.map((inner) =>
      Array.isArray(inner) && inner.every((c) => is(c, Column))
        ? inner.map((c) => sql.identifier((c as Column).name))
        : inner,
    );
    return new SQL(bare);
  });
  return new SQL(chunks);
}

/**
 * The SQLite dialect, rendering inserts PostgreSQL can run. SQLite has no DEFAULT keyword in VALUES, so Drizzle
 * writes a missing column as the column's SQL default (SQLite functions) or NULL (which PostgreSQL refuses for an
 * identity id). Here a missing column is `default`: the PostgreSQL schema's own default, or NULL where it has none.
 * Conflict targets are written with bare column names.
 */
export class PostgresRenderDialect extends SQLiteAsyncDialect {
  override buildInsertQuery(config: SQLiteInsertConfig): SQL {
    const onConflict = config.onConflict?.map(bareConflictTarget);
    if (config.select) return super.buildInsertQuery({ ...config, onConflict });
    const columns = Object.entries(getTableColumns(config.table) as Record<string, SQLiteColumn>);
    const values = (config.values as Record<string, unknown>[]).map((row) => {
      const filled = { ...row };
      for (const [field, column] of columns) {
        const value = row[field];
        const missing = value === undefined || (is(value, Param) && value.value === undefined);
        const drizzleFills =
          (column.default !== undefined && column.default !== null && !is(column.default, SQL)) ||
          column.defaultFn !== undefined ||
          column.onUpdateFn !== undefined;
        if (missing && !drizzleFills) filled[field] = sql`default`;
      }
      return filled;
    });
    return super.buildInsertQuery({ ...config, values: values as SQLiteInsertConfig["values"], onConflict });
  }
}
