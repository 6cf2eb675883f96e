import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { getDb, sqliteOf } from "@/db/client";
import { ensureProject } from "@/db/queries/session-writes";
import { storeRecords } from "@/lib/server/store-records";
import { statsTriggersSql } from "@/db/stats-triggers";
import { GROUPS } from "@/lib/server/guidance-groups";
import { generateSessions } from "@/test/factories/generate/sessions";
import { statsVersusScan } from "./support/stats-oracle";

const MIGRATIONS = path.resolve("db/migrations");

/** The newest migration named guidance_stats_triggers: the one whose triggers a migrated database holds. */
function latestTriggersMigration(): string {
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS, "meta", "_journal.json"), "utf8")) as {
    entries: { tag: string }[];
  };
  const tag = journal.entries.map((e) => e.tag).findLast((t) => t.endsWith("_guidance_stats_triggers"));
  if (!tag) throw new Error("no guidance_stats_triggers migration in the journal");
  return fs.readFileSync(path.join(MIGRATIONS, `${tag}.sql`), "utf8");
}

describe("the guidance stats migration", () => {
  it("is exactly what scripts/generate-stats-triggers.ts prints from the group definitions", () => {
    expect(latestTriggersMigration()).toBe(statsTriggersSql(GROUPS));
  });

  it("refills the stats of sessions stored before it as a scan computes them, and leaves triggers that keep them", async () => {
    const db = getDb();
    const slugs = ["refill-a", "refill-b"];
    for (const [i, slug] of slugs.entries())
      await storeRecords(db, slug, {
        sessions: generateSessions({ seed: 7 + i, count: 400, idPrefix: slug }),
        patterns: [],
      });
    const projectIds: number[] = [];
    for (const slug of slugs) projectIds.push(await ensureProject(db, slug));
    const sqlite = sqliteOf(db);
    sqlite.exec(
      `DROP TRIGGER sessions_stats_insert; DELETE FROM project_domain_stats; DELETE FROM project_stratum_stats; DELETE FROM project_tool_stratum_stats;`,
    );
    await storeRecords(db, slugs[0]!, {
      sessions: generateSessions({ seed: 30, count: 100, idPrefix: "unseen" }),
      patterns: [],
    });
    expect(await statsVersusScan(db, projectIds)).not.toEqual([]);
    sqlite.transaction(() => {
      for (const statement of latestTriggersMigration().split("--> statement-breakpoint")) sqlite.exec(statement);
    })();
    expect(await statsVersusScan(db, projectIds)).toEqual([]);
    await storeRecords(db, slugs[1]!, {
      sessions: generateSessions({ seed: 31, count: 100, idPrefix: "after" }),
      patterns: [],
    });
    expect(await statsVersusScan(db, projectIds)).toEqual([]);
  });
});
