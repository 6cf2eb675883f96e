import { describe, expect, it } from "vitest";
import { getDb, type Db } from "@/db/client";
import { statement } from "@/db/engine/statement";
import { projectAggregates } from "@/lib/server/project-aggregates";
import { ensureProject } from "@/db/queries/session-writes";
import { storeRecords } from "@/lib/server/store-records";
import { createMemory, deleteMemory, setPinned, updateMemory } from "@/db/queries/memory-curation";
import { deleteProject } from "@/db/queries/project-deletion";
import { createRandom } from "@/test/factories/generate/random";
import { DOMAINS, generateSessions } from "@/test/factories/generate/sessions";
import { setOutcome } from "@/lib/server/outcome";
import { negativeCounts, statsSnapshot, statsVersusScan } from "./support/stats-oracle";
import { decayAt } from "@/lib/server/memories";
import {
  TOOLS,
  deleteSessions,
  growTranscripts,
  ids,
  ingestAcos,
  overrideOutcomes,
  pushRandomTranscripts,
  pushTranscript,
  rowsOf,
  sample,
  undoOverrides,
  updateColumns,
  updateSeveral,
  type ColumnChange,
} from "./support/stats-workload";

/**
 * The stats tables that triggers keep for guidance against a full scan of the sessions (the oracle), on
 * seeded random data, after every kind of change a database sees: inserts in several projects and formats,
 * transcripts that grow, outcome overrides and their undo, memory-only edits, direct updates of every column
 * the stats read, deletions, and deleting a project.
 */

const PROJECTS = ["stats-a", "stats-b", "stats-c"];

async function expectAgreement(db: Db, projectIds: readonly number[]): Promise<void> {
  expect(await statsVersusScan(db, projectIds)).toEqual([]);
  expect(await negativeCounts(db)).toBe(0);
  for (const id of projectIds) {
    const { n } = (await statement<{ n: number }>(`SELECT count(*) AS n FROM sessions WHERE project_id = ?`).get(
      db,
      id,
    ))!;
    expect((await projectAggregates(db, id)).sessions).toBe(n);
  }
}

describe("guidance stats kept by triggers", () => {
  const db = getDb();
  const rng = createRandom(2026);
  const sessionTools = new Map<string, string[]>();
  const projectIds: number[] = [];

  it("agree with a full scan after inserts in several projects, domains and formats", async () => {
    for (const [i, slug] of PROJECTS.entries()) {
      await storeRecords(db, slug, {
        sessions: generateSessions({ seed: 40 + i, count: 250, idPrefix: slug }),
        patterns: [],
      });
      await ingestAcos(db, slug, 80 + i, 120);
    }
    await pushRandomTranscripts(db, rng, "stats-session", PROJECTS, sessionTools);
    for (const slug of PROJECTS) projectIds.push(await ensureProject(db, slug));
    await expectAgreement(db, projectIds);
  });

  it("agree after transcripts grow and their sessions are replaced", async () => {
    await growTranscripts(db, rng, sessionTools);
    await expectAgreement(db, projectIds);
  });

  it("agree after outcome overrides, their undo, and a grown transcript that keeps its override", async () => {
    const overridden = await overrideOutcomes(db, rng);
    await expectAgreement(db, projectIds);
    await undoOverrides(db, overridden.slice(0, 20));
    await expectAgreement(db, projectIds);
    const [sessionId, tools] = [...sessionTools][0]!;
    const [row] = await ids(db, `SELECT id FROM sessions WHERE external_id = ?`, sessionId);
    await setOutcome(db, row!, "failed");
    const slug = (await statement<{ slug: string }>(
      `SELECT p.slug FROM sessions t JOIN projects p ON p.id = t.project_id WHERE t.id = ?`,
    ).get(db, row))!;
    await pushTranscript(db, slug.slug, sessionId, [...tools, "Bash", "Bash"]);
    expect(await statement(`SELECT success_score AS s FROM sessions WHERE external_id = ?`).get(db, sessionId)).toEqual(
      { s: 0 },
    );
    await expectAgreement(db, projectIds);
  });

  it("are untouched by changes to memories only", async () => {
    const before = await statsSnapshot(db);
    const memoryIds = await ids(db, `SELECT id FROM memories ORDER BY id`);
    for (const id of sample(rng, memoryIds, 10))
      await updateMemory(db, id, { content: `edited memory ${id}`, confidence: 0.9 }, decayAt(Date.now()));
    for (const id of sample(rng, memoryIds, 10)) await setPinned(db, id, true, decayAt(Date.now()));
    for (const id of sample(rng, memoryIds, 10)) await deleteMemory(db, id);
    await createMemory(
      db,
      { project: PROJECTS[0], category: "decision", content: "a person's note", tags: [], confidence: 0.8 },
      decayAt(Date.now()),
    );
    expect(await statsSnapshot(db)).toEqual(before);
    await expectAgreement(db, projectIds);
  });

  it("agree after direct updates of every column they read, and of one they do not", async () => {
    const domains = [...DOMAINS.map((d) => d.domain), "brand_new_domain"];
    const changes: ColumnChange[] = [
      ["domain", () => rng.pick(domains)],
      ["success_score", () => Math.round(rng.next() * 1000) / 1000],
      ["success_score_unverified", () => Math.round(rng.next() * 1000) / 1000],
      ["operation_count", () => rng.int(0, 120)],
      ["files_modified_count", () => rng.int(0, 20)],
      ["verified_after_edit", () => rng.pick([0, 1, null])],
      ["read_before_edit_ratio", () => rng.pick([0, 0.5, 1, null])],
      ["delegated", () => rng.pick([0, 1, null])],
      ["shell_ops", () => rng.int(0, 40)],
      [
        "tool_breakdown",
        () => JSON.stringify(Object.fromEntries(sample(rng, TOOLS, 3).map((tool) => [tool, rng.int(0, 12)]))),
      ],
      ["project_id", () => rng.pick(projectIds)],
      ["task", () => "a column the stats do not read"],
    ];
    await updateColumns(db, rng, changes, 120);
    await updateSeveral(
      db,
      rng,
      `UPDATE sessions SET success_score = 1 - success_score, domain = 'debugging', tool_breakdown = '{"Bash":9}' WHERE id = ?`,
    );
    await expectAgreement(db, projectIds);
  });

  it("agree after sessions are deleted one by one", async () => {
    await deleteSessions(db, rng, 60);
    await expectAgreement(db, projectIds);
  });

  it("lose a deleted project's rows and keep the others'", async () => {
    const [kept, gone] = [projectIds.filter((_, i) => i !== 1), projectIds[1]!];
    expect(await deleteProject(db, gone)).toBe(true);
    const left: number[] = [];
    for (const table of ["project_domain_stats", "project_stratum_stats", "project_tool_stratum_stats"])
      left.push(await rowsOf(db, table, gone));
    expect(left).toEqual([0, 0, 0]);
    await expectAgreement(db, kept);
    await storeRecords(db, PROJECTS[1]!, {
      sessions: generateSessions({ seed: 99, count: 50, idPrefix: "again" }),
      patterns: [],
    });
    await expectAgreement(db, [...kept, await ensureProject(db, PROJECTS[1]!)]);
  });
});
