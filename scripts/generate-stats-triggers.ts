/**
 * Prints the SQL of the migration that keeps guidance's aggregates by triggers (db/stats-triggers.ts).
 * After changing the groups or thresholds: `npx drizzle-kit generate --custom --name guidance_stats_triggers`,
 * then `npx tsx scripts/generate-stats-triggers.ts > db/migrations/<that file>.sql`. A test fails while the
 * newest such migration differs from this output.
 */
import { statsTriggersSql } from "../db/stats-triggers";

process.stdout.write(statsTriggersSql());
