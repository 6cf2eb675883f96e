import { expect } from "vitest";
import type { Db } from "@/db/client";
import { statement } from "@/db/engine/statement";
import { generateAcosTrajectories, toJsonl } from "@/test/factories/generate/acos";
import type { Random } from "@/test/factories/generate/random";
import { memoryFile } from "@/lib/ingest/named-file";
import { ingestFiles } from "@/lib/server/ingest";
import { setOutcome } from "@/lib/server/outcome";
import { transcript } from "@/test/factories/transcript";

/**
 * The changes the trigger-kept stats tables (guidance, overview days) are tested against, on seeded random data:
 * transcripts pushed and grown, outcome overrides, direct column updates and deletions. Each test checks its own
 * tables against its own oracle after every step.
 */

export const TOOLS = ["Read", "Edit", "Bash", "Grep", "Write", "Glob"];

export const ids = async (db: Db, sql: string, ...params: unknown[]) =>
  (await statement<{ id: number }>(sql).all(db, ...params)).map((r) => r.id);

export const sample = <T>(rng: Random, items: readonly T[], k: number): T[] =>
  Array.from({ length: k }, () => rng.pick(items));

/** A column of `sessions` and a random value for it. */
export type ColumnChange = [column: string, value: () => unknown];

export async function pushTranscript(db: Db, slug: string, sessionId: string, tools: readonly string[]): Promise<void> {
  const report = await ingestFiles(
    db,
    [memoryFile(`-home-dev-app/${sessionId}.jsonl`, transcript(sessionId, tools))],
    slug,
    async () => true,
  );
  expect(report.totals.rejected).toBe(0);
}

/** Ingests `count` generated ACoS records into a project as one JSONL file. */
export async function ingestAcos(db: Db, slug: string, seed: number, count: number): Promise<void> {
  const acos = toJsonl(generateAcosTrajectories({ seed, count, idPrefix: slug }));
  expect((await ingestFiles(db, [memoryFile(`${slug}.jsonl`, acos)], slug, async () => true)).totals.accepted).toBe(
    count,
  );
}

/** Pushes 24 transcripts of random tool calls (`<prefix>-0`…) to random projects, noting each one's tools. */
export async function pushRandomTranscripts(
  db: Db,
  rng: Random,
  prefix: string,
  slugs: readonly string[],
  sessionTools: Map<string, string[]>,
): Promise<void> {
  for (let i = 0; i < 24; i++) {
    const sessionId = `${prefix}-${i}`;
    const tools = sample(rng, TOOLS, rng.int(3, 30));
    sessionTools.set(sessionId, tools);
    await pushTranscript(db, rng.pick(slugs), sessionId, tools);
  }
}

/** Grows the first 16 of those transcripts by random tool calls and pushes them again, which replaces their sessions. */
export async function growTranscripts(db: Db, rng: Random, sessionTools: Map<string, string[]>): Promise<void> {
  for (const [sessionId, tools] of [...sessionTools].slice(0, 16)) {
    const grown = [...tools, ...sample(rng, TOOLS, rng.int(1, 25))];
    sessionTools.set(sessionId, grown);
    const { slug } = (await statement<{ slug: string }>(
      `SELECT p.slug FROM sessions t JOIN projects p ON p.id = t.project_id WHERE t.external_id = ?`,
    ).get(db, sessionId))!;
    await pushTranscript(db, slug, sessionId, grown);
  }
}

/** Overrides the outcome of 40 random sessions that can take one (ACoS records and whole transcripts); returns their ids. */
export async function overrideOutcomes(db: Db, rng: Random): Promise<number[]> {
  const rebuildable = await ids(
    db,
    `SELECT t.id FROM sessions t WHERE t.format = 'acos'
       OR EXISTS (SELECT 1 FROM transcript_files f WHERE f.project_id = t.project_id AND f.session_id = t.external_id AND f.part = '')
     ORDER BY t.id`,
  );
  const overridden = sample(rng, rebuildable, 40);
  for (const id of overridden) expect(await setOutcome(db, id, rng.chance(0.5) ? "succeeded" : "failed")).toBe(true);
  return overridden;
}

export async function undoOverrides(db: Db, sessionIds: readonly number[]): Promise<void> {
  for (const id of sessionIds) expect(await setOutcome(db, id, null)).toBe(true);
}

/** Sets a random column of a random session `times` times, bypassing the app as a hand-run UPDATE would. */
export async function updateColumns(
  db: Db,
  rng: Random,
  changes: readonly ColumnChange[],
  times: number,
): Promise<void> {
  const all = await ids(db, `SELECT id FROM sessions ORDER BY id`);
  for (let i = 0; i < times; i++) {
    const [column, value] = rng.pick(changes);
    await statement(`UPDATE sessions SET ${column} = ? WHERE id = ?`).run(db, value(), rng.pick(all));
  }
}

/** Runs `sql` (one `?`, the session id) on 10 random sessions: several columns changed in one statement. */
export async function updateSeveral(db: Db, rng: Random, sql: string): Promise<void> {
  for (const id of sample(rng, await ids(db, `SELECT id FROM sessions ORDER BY id`), 10))
    await statement(sql).run(db, id);
}

/** Deletes `k` random sessions, one statement each. */
export async function deleteSessions(db: Db, rng: Random, k: number): Promise<void> {
  for (const id of sample(rng, await ids(db, `SELECT id FROM sessions ORDER BY id`), k)) {
    await statement(`DELETE FROM sessions WHERE id = ?`).run(db, id);
  }
}

/** Rows `table` still holds for a project. */
export async function rowsOf(db: Db, table: string, projectId: number): Promise<number> {
  return (await statement<{ n: number }>(`SELECT count(*) AS n FROM ${table} WHERE project_id = ?`).get(db, projectId))!
    .n;
}
