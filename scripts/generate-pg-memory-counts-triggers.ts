/**
 * Prints the SQL of the PostgreSQL migration that keeps memory_counts by triggers (db/pg/memory-counts-triggers.ts).
 * After changing it: `npx drizzle-kit generate --config drizzle.pg.config.ts --custom --name memory_counts_triggers`,
 * then `npx tsx scripts/generate-pg-memory-counts-triggers.ts > db/pg/migrations/<that file>.sql`. A test fails
 * while the newest such migration differs from this output.
 */
import { pgMemoryCountsTriggersSql } from "../db/pg/memory-counts-triggers";

process.stdout.write(pgMemoryCountsTriggersSql());
