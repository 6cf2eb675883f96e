/**
 * Prints the SQL of the migration that keeps the overview's per-day aggregates by triggers (db/day-stats-triggers.ts);
 * with `--postgres`, that of the PostgreSQL migration. After changing it:
 * `npx drizzle-kit generate --custom --name day_stats_triggers`, then
 * `npx tsx scripts/generate-day-stats-triggers.ts > db/migrations/<that file>.sql`, and likewise with
 * `--config drizzle.pg.config.ts` and `--postgres` into db/pg/migrations. A test fails while the newest such
 * migration differs from this output.
 */
import { dayStatsTriggersSql, pgDayStatsTriggersSql } from "../db/day-stats-triggers";

process.stdout.write(process.argv.includes("--postgres") ? pgDayStatsTriggersSql() : dayStatsTriggersSql());
