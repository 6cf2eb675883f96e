/**
 * Prints the SQL of the migration that keeps the overview's per-day aggregates by triggers (db/day-stats-triggers.ts).
 * After changing it: `npx drizzle-kit generate --custom --name day_stats_triggers`, then
 * `npx tsx scripts/generate-day-stats-triggers.ts > db/migrations/<that file>.sql`. A test fails while the
 * newest such migration differs from this output.
 */
import { dayStatsTriggersSql } from "../db/day-stats-triggers";

process.stdout.write(dayStatsTriggersSql());
