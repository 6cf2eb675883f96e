import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDb, sqliteOf } from "@/db/client";
import { pgDayStatsTriggersSql } from "@/db/day-stats-triggers";
import { pgMemoryCountsTriggersSql } from "@/db/pg/memory-counts-triggers";
import { ensureProject } from "@/db/queries/session-writes";
import { storeRecords } from "@/lib/server/store-records";
import { pgStatsTriggersSql } from "@/db/stats-triggers";
import { GROUPS } from "@/lib/server/guidance-groups";
import { BREAK } from "@/db/trigger-migration";
import { createRandom } from "@/test/factories/generate/random";
import { DOMAINS, generateSessions } from "@/test/factories/generate/sessions";
import { freshDatabase } from "./support/postgres";
import { ingestAcos, TOOLS, sample } from "./support/stats-workload";
import { copyRows, latestPgMigration, numberTypes, type Row } from "./support/pg-copy";

/**
 * The PostgreSQL triggers that keep the stats tables (guidance's, the overview's days, memory_counts) against
 * two oracles, after every kind of change: multi-row inserts, updates of every column the stats read (and of one
 * they do not), single and multi-row deletes, memory edits and a project's cascade delete. The same changes run
 * on SQLite (the app stores the sessions there, and they are copied row for row); after each step every kept
 * table on PostgreSQL equals SQLite's, zero rows included, and a full GROUP BY recompute on PostgreSQL (the
 * migrations' refill, run in a transaction that is rolled back). Then writers on several connections at once.
 */

const PROJECTS = ["pg-stats-a", "pg-stats-b", "pg-stats-c"];

/** Each kept table: its keys (the order rows are compared in) and the count whose 0 means no rows counted. */
const KEPT = [
  { table: "project_domain_stats", keys: ["project_id", "domain"], count: "all_n" },
  { table: "project_stratum_stats", keys: ["project_id", "domain", "stratum"], count: "n" },
  { table: "project_tool_stratum_stats", keys: ["project_id", "domain", "tool", "stratum"], count: "n" },
  { table: "project_day_stats", keys: ["project_id", "day", "agent", "domain", "category"], count: "n" },
  { table: "project_day_tool_stats", keys: ["project_id", "day", "agent", "tool"], count: "sessions" },
  { table: "project_day_model_stats", keys: ["project_id", "day", "agent", "model"], count: "sessions" },
  { table: "memory_counts", keys: ["project_key", "category"], count: "n" },
] as const;

const MIGRATIONS = {
  guidance_stats_triggers: () => pgStatsTriggersSql(GROUPS),
  day_stats_triggers: pgDayStatsTriggersSql,
  memory_counts_triggers: pgMemoryCountsTriggersSql,
};

/** The migrations' refill statements: a recompute of every kept table from the stored rows. */
const RECOMPUTE = Object.values(MIGRATIONS)
  .flatMap((sql) => sql().split(BREAK))
  .filter((statement) => /^(DELETE FROM|INSERT INTO) /.test(statement));

const isCount = (column: string) =>
  ["n", "sessions", "with_tokens", "stratum", "project_id", "project_key"].includes(column) || column.endsWith("_n");
/** Sums agree to 1e-9 of their size (or of 1 when smaller): the engines add the same floats in different orders. */
const close = (a: number, b: number) => Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));

/** Where two listings of a table differ: keys, counts exactly, sums to rounding. */
function differences(label: string, a: Row[], b: Row[], keys: readonly string[]): string[] {
  const key = (row: Row) => keys.map((k) => row[k]).join("/");
  if (a.map(key).join("|") !== b.map(key).join("|"))
    return [`${label}: rows ${a.map(key).join(", ")} but ${b.map(key).join(", ")}`];
  return a.flatMap((row, i) =>
    Object.keys(row).flatMap((column) => {
      const [x, y] = [row[column], b[i]![column]];
      const same = typeof x === "number" && typeof y === "number" ? (isCount(column) ? x === y : close(x, y)) : x === y;
      return same ? [] : [`${label} ${key(row)} ${column}: ${String(x)} but ${String(y)}`];
    }),
  );
}

describe("PostgreSQL stats triggers", () => {
  // The SQLite side is a file of its own: in this project getDb() is PostgreSQL.
  const db = openDb(process.env.STARLIGHT_DB!);
  const rng = createRandom(1815);
  let pool: pg.Pool;

  const sqliteRows = (sql: string, ...params: unknown[]) =>
    sqliteOf(db)
      .prepare(sql)
      .all(...params) as Row[];
  const pgRows = async (sql: string, params: unknown[] = []) => (await pool.query(sql, params)).rows as Row[];
  const listing = (table: string, keys: readonly string[], where = "") =>
    `SELECT * FROM ${table}${where} ORDER BY ${keys.join(", ")}`;

  /** One statement (`?` placeholders) on both databases. */
  async function both(sql: string, ...params: unknown[]): Promise<void> {
    sqliteOf(db)
      .prepare(sql)
      .run(...params);
    let i = 0;
    await pool.query(
      sql.replace(/\?/g, () => `$${++i}`),
      params,
    );
  }

  async function recomputed(): Promise<Row[][]> {
    const client = await pool.connect();
    try {
      await client.query("BEGIN");
      for (const statement of RECOMPUTE) await client.query(statement);
      return await Promise.all(
        KEPT.map(async ({ table, keys }) => (await client.query(listing(table, keys))).rows as Row[]),
      );
    } finally {
      await client.query("ROLLBACK");
      client.release();
    }
  }

  /** Every kept table on PostgreSQL against SQLite's (whole) and against a recompute (rows that count something). */
  async function differencesNow(): Promise<string[]> {
    const recompute = await recomputed();
    const out: string[] = [];
    for (const [i, { table, keys, count }] of KEPT.entries()) {
      out.push(
        ...differences(
          `${table} (PostgreSQL, SQLite)`,
          await pgRows(listing(table, keys)),
          sqliteRows(listing(table, keys)),
          keys,
        ),
      );
      out.push(
        ...differences(
          `${table} (kept, recompute)`,
          await pgRows(listing(table, keys, ` WHERE ${count} <> 0`)),
          recompute[i]!,
          keys,
        ),
      );
    }
    return out;
  }

  const sessionIds = () => sqliteRows(`SELECT id FROM sessions ORDER BY id`).map((r) => r.id as number);
  const projectIds = () => Promise.all(PROJECTS.map((slug) => ensureProject(db, slug)));

  /** Copies what SQLite holds beyond what PostgreSQL has, in multi-row statements (one trigger call per statement). */
  async function copyNew(): Promise<void> {
    for (const table of ["projects", "tool_patterns", "sessions", "memories"]) await copyRows(db, pool, table);
  }

  beforeAll(async () => {
    pool = new pg.Pool({ connectionString: await freshDatabase(), max: 6, types: numberTypes });
  });
  afterAll(async () => {
    await pool.end();
    await db.$executor.close();
  });

  it("are what the generators print, in the newest PostgreSQL migration of each name", () => {
    for (const [name, sql] of Object.entries(MIGRATIONS)) expect(latestPgMigration(name), name).toBe(sql());
  });

  it("agree with SQLite and a recompute after multi-row inserts in several projects, domains and formats", async () => {
    for (const [i, slug] of PROJECTS.entries()) {
      await storeRecords(db, slug, {
        sessions: generateSessions({ seed: 60 + i, count: 300, idPrefix: slug }),
        patterns: [],
      });
      await ingestAcos(db, slug, 90 + i, 120);
    }
    await copyNew();
    expect((await pgRows(`SELECT count(*) AS n FROM sessions`))[0]!.n).toBe(sessionIds().length);
    for (const { table } of KEPT)
      expect((await pgRows(`SELECT count(*) AS n FROM ${table}`))[0]!.n, table).toBeGreaterThan(3);
    expect(await differencesNow()).toEqual([]);
  });

  it("agree after updates of every column the stats read, one at a time and several at once, and of one they do not", async () => {
    const projects = await projectIds();
    const domains = [...DOMAINS.map((d) => d.domain), "brand_new_domain"];
    const tools = () => JSON.stringify(Object.fromEntries(sample(rng, TOOLS, 3).map((tool) => [tool, rng.int(0, 12)])));
    const changes: [string, () => unknown][] = [
      ["project_id", () => rng.pick(projects)],
      ["domain", () => rng.pick(domains)],
      ["agent", () => rng.pick(["claude-code", "codex", "gemini"])],
      ["category", () => rng.pick(["bugfix", "feature", "refactor"])],
      ["started_at", () => Date.UTC(2026, 0, 1) + rng.int(0, 40) * 86_400_000 + rng.int(0, 86_399_999)],
      ["success_score", () => Math.round(rng.next() * 1000) / 1000],
      ["success_score_unverified", () => Math.round(rng.next() * 1000) / 1000],
      ["operation_count", () => rng.int(0, 120)],
      ["files_modified_count", () => rng.int(0, 20)],
      ["verified_after_edit", () => rng.pick([0, 1, null])],
      ["read_before_edit_ratio", () => rng.pick([0, 0.5, 1, null])],
      ["delegated", () => rng.pick([0, 1, null])],
      ["shell_ops", () => rng.int(0, 40)],
      ["tool_breakdown", () => rng.pick([tools(), tools(), '{"Bash":7.0,"Read":6}', "{}"])],
      [
        "tokens_by_model",
        () =>
          rng.pick([
            "{}",
            JSON.stringify({ "claude-opus-4": { input: rng.int(0, 9999), output: rng.int(0, 999), cacheRead: 12.5 } }),
          ]),
      ],
      ["task", () => "a column the stats do not read"],
    ];
    const ids = sessionIds();
    for (let i = 0; i < 200; i++) {
      const [column, value] = rng.pick(changes);
      await both(`UPDATE sessions SET ${column} = ? WHERE id = ?`, value(), rng.pick(ids));
    }
    for (const id of sample(rng, ids, 10)) {
      await both(
        `UPDATE sessions SET success_score = 1 - success_score, domain = 'debugging', tool_breakdown = '{"Bash":9}' WHERE id = ?`,
        id,
      );
    }
    await both(`UPDATE sessions SET task = 'every session at once'`);
    expect(await differencesNow()).toEqual([]);
  });

  it("agree after deletes, one session per statement and many in one", async () => {
    for (const id of sample(rng, sessionIds(), 40)) await both(`DELETE FROM sessions WHERE id = ?`, id);
    const many = [...new Set(sample(rng, sessionIds(), 80))];
    await both(`DELETE FROM sessions WHERE id IN (${many.map(() => "?").join(", ")})`, ...many);
    expect(await differencesNow()).toEqual([]);
  });

  it("agree after memories are added, moved between projects and categories, and deleted", async () => {
    const [a, b] = await projectIds();
    for (let i = 0; i < 30; i++) {
      await both(
        `INSERT INTO memories (id, project_id, category, content, tags, confidence, source) VALUES (?, ?, ?, ?, '', 0.7, ?)`,
        100_000 + i,
        rng.pick([a, b, null]),
        rng.pick(["decision", "pattern", "gotcha"]),
        `note ${i}`,
        `pg-test-${i}`,
      );
    }
    const memoryIds = sqliteRows(`SELECT id FROM memories ORDER BY id`).map((r) => r.id as number);
    for (const id of sample(rng, memoryIds, 20))
      await both(`UPDATE memories SET project_id = ? WHERE id = ?`, rng.pick([a, b, null]), id);
    for (const id of sample(rng, memoryIds, 20))
      await both(
        `UPDATE memories SET category = ?, content = 'edited' WHERE id = ?`,
        rng.pick(["decision", "lesson"]),
        id,
      );
    await both(`UPDATE memories SET confidence = 0.5`);
    for (const id of sample(rng, memoryIds, 10)) await both(`DELETE FROM memories WHERE id = ?`, id);
    expect(await differencesNow()).toEqual([]);
  });

  it("agree after a project's cascade delete, and sessions stored again", async () => {
    await both(`DELETE FROM projects WHERE id = ?`, (await projectIds())[1]);
    expect(await differencesNow()).toEqual([]);
    await storeRecords(db, PROJECTS[1]!, {
      sessions: generateSessions({ seed: 99, count: 80, idPrefix: "again" }),
      patterns: [],
    });
    await copyNew();
    expect(await differencesNow()).toEqual([]);
  });

  it("lose no count to writers on several connections inserting and deleting the same groups at once", async () => {
    const columns = (
      await pgRows(
        `SELECT column_name FROM information_schema.columns WHERE table_name = 'sessions' AND column_name NOT IN ('id', 'external_id')`,
      )
    ).map((r) => r.column_name as string);
    const source = (await pgRows(`SELECT id FROM sessions ORDER BY id LIMIT 60`)).map((r) => r.id as number);
    const writer = async (w: number) => {
      for (let round = 0; round < 15; round++) {
        await pool.query(
          `INSERT INTO sessions (external_id, ${columns.join(", ")}) SELECT external_id || $2, ${columns.join(", ")} FROM sessions WHERE id = ANY($1)`,
          [sample(rng, source, 12), `-w${w}-${round}`],
        );
        const copies = (
          await pool.query(`SELECT id FROM sessions WHERE external_id LIKE '%-w%' ORDER BY random() LIMIT 8`)
        ).rows.map((r: Row) => r.id);
        await pool.query(`DELETE FROM sessions WHERE id = ANY($1)`, [copies]);
      }
    };
    await Promise.all([0, 1, 2, 3, 4].map(writer));
    const recompute = await recomputed();
    for (const [i, { table, keys, count }] of KEPT.entries()) {
      expect(
        differences(table, await pgRows(listing(table, keys, ` WHERE ${count} <> 0`)), recompute[i]!, keys),
      ).toEqual([]);
    }
  });
});
