import { sql, type SQL, type SQLWrapper } from "drizzle-orm";

/** The projects a query may look at: every one, or only these ids (what `readableProjects` answers). */
export type ProjectScope = "all" | readonly number[];

/**
 * The condition that keeps rows whose project `column` is in scope: true for "all", false for no project. Written
 * as comparisons, since PostgreSQL takes no integer for a condition.
 */
export function inScope(column: SQLWrapper, scope: ProjectScope): SQL {
  if (scope === "all") return sql`1 = 1`;
  return scope.length === 0 ? sql`1 = 0` : sql`${column} in ${scope}`;
}

/** As `inScope`, also keeping rows without a project (global memories, which everyone may read). */
export function inScopeOrGlobal(column: SQLWrapper, scope: ProjectScope): SQL {
  return scope === "all" ? sql`1 = 1` : sql`(${column} is null or ${inScope(column, scope)})`;
}
