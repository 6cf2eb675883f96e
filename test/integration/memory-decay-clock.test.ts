import { readConfig } from "@/lib/config";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { getMemory, searchMemories } from "@/db/queries/memories";
import { createMemory } from "@/db/queries/memory-curation";
import { scoreInput } from "@/db/queries/score";
import { scoreWindows } from "@/lib/score/score";
import { memories, projects } from "@/db/schema";
import { DAY_MS, effectiveConfidence } from "@/lib/memory/decay";
import { transcript } from "@/test/factories/transcript";
import { postFiles } from "./ingest-client";
import { decayAt } from "@/lib/server/memories";

const HALF_LIFE = readConfig().memoryHalfLifeDays;

const SLUG = "last-years-history";
const YEAR_AGO = Date.now() - 365 * DAY_MS;
/** Three sessions of a history that ended a year ago: 60 days, 30 days and a moment before its end. */
const SESSIONS = [
  { id: "0b6d3f5e-1c2a-4c8e-9f00-000000000001", start: YEAR_AGO - 60 * DAY_MS },
  { id: "0b6d3f5e-1c2a-4c8e-9f00-000000000002", start: YEAR_AGO - 30 * DAY_MS },
  { id: "0b6d3f5e-1c2a-4c8e-9f00-000000000003", start: YEAR_AGO },
];

async function upload(sessions: readonly { id: string; start: number }[]) {
  const files = sessions.map(({ id, start }) => ({
    name: `-home-dev-history/${id}.jsonl`,
    content: transcript(id, ["Read", "Edit", "Bash"], { cwd: "/home/dev/history", start }),
  }));
  const answer = await postFiles(files, { project: SLUG });
  expect(answer.status).toBe(200);
}

/** The project, and its sessions' memories (oldest first) as stored and as search shows them. */
async function projectMemories() {
  const db = getDb();
  const project = (await db.select().from(projects).where(eq(projects.slug, SLUG)).get())!;
  const all = await db
    .select()
    .from(memories)
    .where(eq(memories.projectId, project.id))
    .orderBy(memories.createdAt)
    .all();
  const rows = all.filter((row) => row.sessionId !== null);
  const hits = [];
  for (const row of rows) hits.push((await getMemory(db, row.id, decayAt()))!);
  return { project, all, rows, hits };
}

describe("the decay clock of imported and dormant projects", () => {
  it("reads an imported year-old history as it stood at its end, not as a year stale", async () => {
    await upload(SESSIONS);
    const { project, all, rows, hits } = await projectMemories();
    expect(rows).toHaveLength(3);
    expect(project.lastActivityAt).toBe(Math.max(...rows.map((row) => row.createdAt)));
    const [oldest, middle, newest] = hits.map((hit) => hit.effectiveConfidence / hit.confidence);
    expect(newest).toBe(1);
    expect(middle).toBeCloseTo(0.5, 3);
    expect(oldest).toBeCloseTo(0.25, 3);
    rows.forEach((row, i) =>
      expect(hits[i]!.effectiveConfidence).toBeCloseTo(
        effectiveConfidence({ ...row, projectActiveAt: project.lastActivityAt }, Date.now(), 30),
        12,
      ),
    );

    const found = await searchMemories(
      getDb(),
      { project: SLUG, minConfidence: 0.05, limit: 100, offset: 0 },
      decayAt(),
    );
    expect(found.items.map((item) => item.id)).toEqual(expect.arrayContaining(rows.slice(1).map((row) => row.id)));
    const score = await scoreInput(getDb(), project.id, Date.now(), HALF_LIFE, scoreWindows(Date.now()));
    expect(score.memories.count).toBe(all.length);
    const effective: number[] = [];
    for (const row of all) effective.push((await getMemory(getDb(), row.id, decayAt()))!.effectiveConfidence);
    expect(score.memories.effectiveConfidenceSum).toBeCloseTo(
      effective.reduce((sum, e) => sum + e, 0),
      9,
    );
    expect(score.memories.effectiveConfidenceSum).toBeGreaterThan(
      0.4 * all.reduce((sum, row) => sum + row.confidence, 0),
    );
  });

  it("ages a project's memories again once it is worked on, and a global memory by the wall clock", async () => {
    const yearOld = await createMemory(
      getDb(),
      { project: null, category: "insight", content: "A global note from last year.", tags: [], confidence: 0.8 },
      decayAt(YEAR_AGO),
    );
    expect((await getMemory(getDb(), yearOld.id, decayAt()))!.effectiveConfidence).toBeLessThan(0.001);

    await upload([{ id: "0b6d3f5e-1c2a-4c8e-9f00-000000000004", start: Date.now() - 60_000 }]);
    const { rows, hits } = await projectMemories();
    expect(rows).toHaveLength(4);
    expect(hits[2]!.effectiveConfidence / hits[2]!.confidence).toBeLessThan(0.001);
    expect(hits[3]!.effectiveConfidence / hits[3]!.confidence).toBeGreaterThan(0.99);
  });
});
