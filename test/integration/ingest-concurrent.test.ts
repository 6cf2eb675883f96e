import { afterAll, describe, expect, it } from "vitest";
import { getDb, isPostgres, openPostgres, type Db } from "@/db/client";
import { statement } from "@/db/engine/statement";
import { generateAcosTrajectories, toJsonl } from "@/test/factories/generate/acos";
import { generateCodexRollout } from "@/test/factories/generate/codex";
import { memoryFile, type NamedFile } from "@/lib/ingest/named-file";
import { ingestFiles } from "@/lib/server/ingest";
import { transcript } from "@/test/factories/transcript";
import { claudeFixtureFiles } from "./support/fixture-files";

/**
 * Several writers ingesting the same files at once, each in its own order, store what one writer storing them alone
 * stores: every session once, assembled from all its parts whichever writer stored which, each first arrival
 * counted once by its pattern, one memory per session. On PostgreSQL the writers are separate pools, as separate web
 * processes would be; SQLite's writers in one process share its one connection (a second connection would wait for
 * the file's lock synchronously, holding the thread the first needs to finish), which runs their transactions one
 * at a time.
 */

const uuid = (i: number) => `c0c0c0c0-0000-4000-8000-${i.toString(16).padStart(12, "0")}`;
const day = (d: number) => Date.UTC(2026, 4, d, 8, 0, 0);
const codexMain = generateCodexRollout({ seed: 7, turns: 3, start: day(12) });
const codexThread = generateCodexRollout({
  seed: 8,
  turns: 1,
  parentThreadId: codexMain.threadId,
  start: day(12) + 20_000,
});

/** Claude Code sessions with their sub-agents and meta files, sessions sharing one tool sequence, Codex threads and ACOS records. */
const FILES: NamedFile[] = [
  ...claudeFixtureFiles().map((f) => memoryFile(f.name, f.content)),
  ...Array.from({ length: 24 }, (_, i) =>
    memoryFile(
      `-home-dev-busy/${uuid(i)}.jsonl`,
      transcript(uuid(i), ["Read", "Edit", "Bash"], { start: day(1) + i * 60_000 }),
    ),
  ),
  ...[codexThread, codexMain].map((g) => memoryFile(g.name, g.text)),
  memoryFile("trajectories.jsonl", toJsonl(generateAcosTrajectories({ seed: 31, count: 300, idPrefix: "together" }))),
];

/** The same files in another order: shuffled by a fixed seed. */
function shuffled(files: readonly NamedFile[], seed: number): NamedFile[] {
  const out = [...files];
  let state = seed;
  for (let i = out.length - 1; i > 0; i--) {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    const j = state % (i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

const ORDERS = [FILES, [...FILES].reverse(), shuffled(FILES, 1), shuffled(FILES, 2)];
const anyone = async () => true;

const others: Db[] = [];
afterAll(async () => {
  for (const db of others) await db.$executor.close();
});

/** A second writer: its own pool on PostgreSQL, the one connection on SQLite. */
function writer(): Db {
  const url = process.env.STARLIGHT_DATABASE_URL;
  if (!isPostgres(getDb()) || !url) return getDb();
  const db = openPostgres(url);
  others.push(db);
  return db;
}

const projectId = async (slug: string) =>
  (await statement<{ id: number }>("SELECT id FROM projects WHERE slug = ?").get(getDb(), slug))!.id;

/** What a project holds that must not depend on who stored it or in which order, each list in one order. */
async function holding(slug: string) {
  const id = await projectId(slug);
  const db = getDb();
  const sessions = await statement(
    `SELECT external_id, format, operation_count, files_modified_count, files_read_count, delegated, success_score, category, tool_breakdown, prompts
     FROM sessions WHERE project_id = ?`,
  ).all(db, id);
  const operations = await statement<{ n: number }>(
    `SELECT count(*) AS n FROM operations o JOIN sessions t ON t.id = o.session_id WHERE t.project_id = ?`,
  ).get(db, id);
  const files = await statement<{ n: number }>(
    `SELECT count(*) AS n FROM session_files f JOIN sessions t ON t.id = f.session_id WHERE t.project_id = ?`,
  ).get(db, id);
  const parts = await statement(`SELECT session_id, part, content_hash FROM transcript_files WHERE project_id = ?`).all(
    db,
    id,
  );
  // A pattern's mean success is not compared: it counts each session's first assembly, which depends on whether its
  // sub-agents arrived with it or later, that is on the order the files came.
  const patterns = await statement<{ sequence: string; count: number }>(
    `SELECT sequence, count FROM tool_patterns WHERE project_id = ?`,
  ).all(db, id);
  const memories = await statement<{ source: string; session_id: number | null }>(
    `SELECT source, session_id FROM memories WHERE project_id = ?`,
  ).all(db, id);
  const bySession = await statement<{ n: number }>(
    `SELECT count(*) AS n FROM sessions t WHERE t.project_id = ? AND (SELECT count(*) FROM memories m WHERE m.session_id = t.id) <> 1`,
  ).get(db, id);
  const key = (row: Record<string, unknown>) => JSON.stringify(Object.values(row));
  const sorted = <T extends Record<string, unknown>>(rows: T[]) => [...rows].sort((a, b) => (key(a) < key(b) ? -1 : 1));
  const mine = `project:${slug}:`;
  return {
    sessions: sorted(sessions),
    operations: operations!.n,
    files: files!.n,
    parts: sorted(parts),
    patterns: sorted(patterns),
    memories: memories.map((m) => m.source.replace(mine, "project:<project>:")).sort(),
    sessionsWithoutOneMemory: bySession!.n,
  };
}

describe("ingest from several writers at once", () => {
  it("stores the same files sent by four writers in four orders as one writer alone stores them", async () => {
    const alone = await ingestFiles(getDb(), FILES, "alone", anyone);
    expect(alone.totals.rejected).toBe(0);

    const writers = ORDERS.map((_, i) => (i % 2 === 0 ? getDb() : writer()));
    const reports = await Promise.all(ORDERS.map((files, i) => ingestFiles(writers[i]!, files, "together", anyone)));
    for (const report of reports) expect(report.totals.rejected).toBe(0);

    const expected = await holding("alone");
    expect(expected.sessions.length).toBeGreaterThan(300);
    expect(expected.patterns.find((p) => p.sequence === "Read > Edit > Bash")?.count).toBe(24);
    expect(expected.sessionsWithoutOneMemory).toBe(0);
    expect(await holding("together")).toEqual(expected);
  });
});
