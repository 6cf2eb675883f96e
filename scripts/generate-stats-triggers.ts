/**
 * Prints the SQL of the migration that keeps guidance's aggregates by triggers (db/stats-triggers.ts); with
 * `--postgres`, that of the PostgreSQL migration. After changing the groups or thresholds:
 * `npx drizzle-kit generate --custom --name guidance_stats_triggers`, then
 * `npx tsx scripts/generate-stats-triggers.ts > db/migrations/<that file>.sql`, and likewise with
 * `--config drizzle.pg.config.ts` and `--postgres` into db/pg/migrations. A test fails while the newest such
 * migration differs from this output.
 */
import { pgStatsTriggersSql, statsTriggersSql } from "../db/stats-triggers";
import { GROUPS } from "../lib/server/guidance-groups";

process.stdout.write(process.argv.includes("--postgres") ? pgStatsTriggersSql(GROUPS) : statsTriggersSql(GROUPS));
