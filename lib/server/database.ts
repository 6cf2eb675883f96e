import "server-only";

/**
 * The database, for pages and components to pass to lib/server (they import nothing from db/: lint). Route
 * handlers, MCP tools and scripts take it from @/db/client; lib/server functions are handed it, first.
 */
export { getDb } from "@/db/client";
