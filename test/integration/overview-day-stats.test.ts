import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { getDb, isPostgres, sqliteOf, transaction, type Db } from "@/db/client";
import { dayStatsTriggersSql } from "@/db/day-stats-triggers";
import { statement } from "@/db/engine/statement";
import { BREAK } from "@/db/trigger-migration";
import { ensureProject } from "@/db/queries/session-writes";
import { storeRecords } from "@/lib/server/store-records";
import type { OverviewFilter } from "@/db/queries/overview";
import { deleteProject } from "@/db/queries/project-deletion";
import { createRandom } from "@/test/factories/generate/random";
import { DOMAINS, generateSessions } from "@/test/factories/generate/sessions";
import { negativeDayCounts, overviewVersusScan } from "./support/overview-scan";
import { latestPgMigration } from "./support/pg-copy";
import {
  TOOLS,
  deleteSessions,
  growTranscripts,
  ingestAcos,
  overrideOutcomes,
  pushRandomTranscripts,
  rowsOf,
  sample,
  undoOverrides,
  updateColumns,
  updateSeveral,
  type ColumnChange,
} from "./support/stats-workload";

/**
 * The overview's per-day tables that triggers keep, read by the rewritten overview queries, against the scans of
 * every session those queries ran before (the oracle), on seeded random data over many days, after every kind of
 * change a database sees, for several filters: everything, one project, day ranges, and readable subsets.
 */

const PROJECTS = ["days-a", "days-b", "days-c"];
const DAY_MS = 86_400_000;
const START = Date.parse("2026-03-01T00:00:00Z");
const MIGRATIONS = path.resolve("db/migrations");

const day = (offset: number) => new Date(START + offset * DAY_MS).toISOString().slice(0, 10);

function filters(projectIds: readonly number[]): OverviewFilter[] {
  const [a, b, c] = projectIds;
  const none: OverviewFilter[] = [
    { readable: "all", projectId: null },
    { readable: "all", projectId: a! },
    { readable: "all", projectId: null, from: day(3), to: day(9) },
    { readable: "all", projectId: null, from: day(5) },
    { readable: "all", projectId: null, to: day(4) },
    { readable: "all", projectId: null, from: day(6), to: day(6) },
    { readable: "all", projectId: b ?? a!, from: day(2), to: day(12) },
    { readable: [a!, ...(c === undefined ? [] : [c])], projectId: null },
    { readable: [a!], projectId: null, from: day(1), to: day(7) },
    { readable: [], projectId: null },
    { readable: [a!], projectId: b ?? -1 },
    { readable: "all", projectId: null, agent: "claude-code" },
    { readable: "all", projectId: a!, agent: "codex", from: day(2) },
    { readable: "all", projectId: null, agent: "no-such-agent" },
  ];
  return none;
}

async function expectAgreement(db: Db, projectIds: readonly number[]): Promise<void> {
  const differences: string[] = [];
  for (const filter of filters(projectIds)) differences.push(...(await overviewVersusScan(db, filter)));
  expect(differences).toEqual([]);
  expect(await negativeDayCounts(db)).toBe(0);
}

/** Each project's id, made if it is missing. */
async function projectIdsOf(db: Db, slugs: readonly string[]): Promise<number[]> {
  const ids: number[] = [];
  for (const slug of slugs) ids.push(await ensureProject(db, slug));
  return ids;
}

/** The newest migration named day_stats_triggers: the one whose triggers a migrated database holds. */
function latestTriggersMigration(): string {
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS, "meta", "_journal.json"), "utf8")) as {
    entries: { tag: string }[];
  };
  const tag = journal.entries.map((e) => e.tag).findLast((t) => t.endsWith("_day_stats_triggers"));
  if (!tag) throw new Error("no day_stats_triggers migration in the journal");
  return fs.readFileSync(path.join(MIGRATIONS, `${tag}.sql`), "utf8");
}

describe("the overview's day stats migration", () => {
  it("is exactly what scripts/generate-day-stats-triggers.ts prints", () => {
    expect(latestTriggersMigration()).toBe(dayStatsTriggersSql());
  });

  it("refills the stats of sessions stored before it, and leaves triggers that keep them", async () => {
    const db = getDb();
    const slugs = ["day-refill-a", "day-refill-b"];
    for (const [i, slug] of slugs.entries()) {
      await storeRecords(db, slug, {
        sessions: generateSessions({ seed: 7 + i, count: 300, idPrefix: slug, start: START + i * 3 * DAY_MS }),
        patterns: [],
      });
    }
    const projectIds = await projectIdsOf(db, slugs);
    const emptied = [
      "DELETE FROM project_day_stats",
      "DELETE FROM project_day_tool_stats",
      "DELETE FROM project_day_model_stats",
    ];
    if (!isPostgres(db)) {
      sqliteOf(db).exec(`DROP TRIGGER sessions_day_stats_insert; ${emptied.join("; ")};`);
    } else {
      for (const text of ["DROP TRIGGER sessions_day_stats_insert ON sessions", ...emptied])
        await statement(text).run(db);
    }
    await storeRecords(db, slugs[0]!, {
      sessions: generateSessions({ seed: 30, count: 100, idPrefix: "unseen", start: START }),
      patterns: [],
    });
    expect(await overviewVersusScan(db, { readable: "all", projectId: null })).not.toEqual([]);
    if (!isPostgres(db)) {
      const sqlite = sqliteOf(db);
      sqlite.transaction(() => {
        for (const text of latestTriggersMigration().split("--> statement-breakpoint")) sqlite.exec(text);
      })();
    } else {
      await transaction(db, async () => {
        for (const text of latestPgMigration("day_stats_triggers").split(BREAK)) await statement(text).run(db);
      });
    }
    await expectAgreement(db, projectIds);
    await storeRecords(db, slugs[1]!, {
      sessions: generateSessions({ seed: 31, count: 100, idPrefix: "after", start: START + DAY_MS }),
      patterns: [],
    });
    await expectAgreement(db, projectIds);
    for (const slug of slugs) await deleteProject(db, await ensureProject(db, slug));
  });
});

describe("the overview's day stats kept by triggers", () => {
  const db = getDb();
  const rng = createRandom(2027);
  const sessionTools = new Map<string, string[]>();
  let projectIds: number[] = [];

  it("agree with the scans after inserts in several projects, days, domains and formats", async () => {
    for (const [i, slug] of PROJECTS.entries()) {
      for (let k = 0; k < 4; k++) {
        const start = START + (i + 3 * k) * DAY_MS + rng.int(0, 20) * 3_600_000;
        await storeRecords(db, slug, {
          sessions: generateSessions({ seed: 40 + 10 * i + k, count: 90, idPrefix: `${slug}-${k}`, start }),
          patterns: [],
        });
      }
      await ingestAcos(db, slug, 80 + i, 60);
    }
    await pushRandomTranscripts(db, rng, "days-session", PROJECTS, sessionTools);
    projectIds = await projectIdsOf(db, PROJECTS);
    await expectAgreement(db, projectIds);
  });

  it("agree after transcripts grow and their sessions are replaced", async () => {
    await growTranscripts(db, rng, sessionTools);
    await expectAgreement(db, projectIds);
  });

  it("agree after outcome overrides and their undo", async () => {
    const overridden = await overrideOutcomes(db, rng);
    await expectAgreement(db, projectIds);
    await undoOverrides(db, overridden.slice(0, 20));
    await expectAgreement(db, projectIds);
  });

  it("agree after direct updates of every column they read, and of one they do not", async () => {
    const domains = [...DOMAINS.map((d) => d.domain), "brand_new_domain"];
    const changes: ColumnChange[] = [
      ["domain", () => rng.pick(domains)],
      ["category", () => rng.pick(["error", "feature", "bugfix", "brand_new_category"])],
      ["success_score", () => Math.round(rng.next() * 1000) / 1000],
      ["started_at", () => START + rng.int(0, 14) * DAY_MS + rng.int(0, DAY_MS - 1)],
      [
        "tool_breakdown",
        () => JSON.stringify(Object.fromEntries(sample(rng, TOOLS, 3).map((tool) => [tool, rng.int(0, 12)]))),
      ],
      ["project_id", () => rng.pick(projectIds)],
      ["agent", () => rng.pick(["claude-code", "codex", "gemini-cli"])],
      [
        "tokens_by_model",
        () =>
          JSON.stringify(
            rng.chance(0.3)
              ? {}
              : {
                  "gpt-5-codex": {
                    input: rng.int(0, 900),
                    output: rng.int(0, 90),
                    cacheRead: 7,
                    cacheCreation: 0,
                    reasoning: 3,
                    cacheCreationHour: 0,
                  },
                },
          ),
      ],
      ["task", () => "a column the stats do not read"],
    ];
    await updateColumns(db, rng, changes, 150);
    await updateSeveral(
      db,
      rng,
      `UPDATE sessions SET success_score = 1 - success_score, started_at = started_at + ${DAY_MS}, category = 'error', tool_breakdown = '{"Bash":9}' WHERE id = ?`,
    );
    await expectAgreement(db, projectIds);
  });

  it("agree after sessions are deleted one by one", async () => {
    await deleteSessions(db, rng, 80);
    await expectAgreement(db, projectIds);
  });

  it("lose a deleted project's rows and keep the others'", async () => {
    const gone = projectIds[1]!;
    expect(await deleteProject(db, gone)).toBe(true);
    expect([
      await rowsOf(db, "project_day_stats", gone),
      await rowsOf(db, "project_day_tool_stats", gone),
      await rowsOf(db, "project_day_model_stats", gone),
    ]).toEqual([0, 0, 0]);
    await expectAgreement(db, projectIds);
    await storeRecords(db, PROJECTS[1]!, {
      sessions: generateSessions({ seed: 99, count: 50, idPrefix: "again", start: START + 4 * DAY_MS }),
      patterns: [],
    });
    await expectAgreement(db, await projectIdsOf(db, PROJECTS));
  });
});
