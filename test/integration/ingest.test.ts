import { count, eq, sql } from "drizzle-orm";
import { strToU8, zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { memories, projects, toolPatterns, sessions } from "@/db/schema";
import { generateAcosPatterns, generateAcosTrajectories, toJsonl } from "@/test/factories/generate/acos";
import { classifyPattern, classifySession } from "@/lib/learn/classify";
import { parseFile } from "@/lib/ingest/parse-file";
import { postFiles, postRaw } from "./ingest-client";
import { apiRequest } from "./support/auth";

async function rows(table: typeof sessions | typeof memories | typeof toolPatterns) {
  return (await getDb().select({ n: count() }).from(table).get())!.n;
}

describe("POST /api/v1/ingest with ACOS files", () => {
  it("stores a generated JSONL file, and re-posting it reports duplicates and adds no row", async () => {
    const file = toJsonl(generateAcosTrajectories({ seed: 1, count: 25, idPrefix: "dup" }));
    const first = await postRaw(file, { project: "Dup Test", name: "trajectories.jsonl" });
    expect(first.status).toBe(200);
    expect(first.body.project).toBe("dup-test");
    expect(first.body.files[0]).toMatchObject({
      name: "trajectories.jsonl",
      format: "acos-trajectories",
      accepted: 25,
      duplicates: 0,
      rejected: 0,
    });
    const before = await rows(sessions);
    const memoriesBefore = await rows(memories);

    const second = await postRaw(file, { project: "dup-test", name: "trajectories.jsonl" });
    expect(second.status).toBe(200);
    expect(second.body.totals).toEqual({ accepted: 0, duplicates: 25, rejected: 0, waiting: 0 });
    expect(await rows(sessions)).toBe(before);
    expect(await rows(memories)).toBe(memoriesBefore);
  });

  it("reads a multipart file name as UTF-8, as browsers and fetch send it", async () => {
    const records = generateAcosTrajectories({ seed: 3, count: 2, idPrefix: "utf8-name" });
    const { status, body } = await postFiles([{ name: "résumé-日本-😀.jsonl", content: toJsonl(records) }], {
      project: "names",
    });
    expect(status).toBe(200);
    expect(body.files.map((f) => f.name)).toEqual(["résumé-日本-😀.jsonl"]);
  });

  it("accepts one object, a JSON array and JSONL alike", async () => {
    const records = generateAcosTrajectories({ seed: 2, count: 5, idPrefix: "shapes" });
    const one = await postRaw(JSON.stringify(records[0]), { project: "shapes" });
    const array = await postRaw(JSON.stringify(records.slice(1, 3), null, 2), { project: "shapes" });
    const lines = await postRaw(toJsonl(records.slice(3)), { project: "shapes" });
    expect([one.body.totals.accepted, array.body.totals.accepted, lines.body.totals.accepted]).toEqual([1, 2, 2]);
  });

  it("stores a multipart post of 200 sessions plus patterns.json, classified as the classifier says", async () => {
    const records = generateAcosTrajectories({ seed: 3, count: 200, idPrefix: "multi" });
    const patterns = generateAcosPatterns({ seed: 3, count: 20 });
    const { status, body } = await postFiles(
      [
        { name: "batch-a.jsonl", content: toJsonl(records.slice(0, 120)) },
        { name: "batch-b.json", content: JSON.stringify(records.slice(120)) },
        { name: "patterns.json", content: JSON.stringify({ top_patterns: patterns }) },
      ],
      { project: "multi" },
    );
    expect(status).toBe(200);
    expect(body.files.map((f) => f.format)).toEqual(["acos-trajectories", "acos-trajectories", "acos-patterns"]);
    expect(body.totals).toEqual({ accepted: 220, duplicates: 0, rejected: 0, waiting: 0 });

    const expected: Record<string, number> = {};
    for (const t of parseFile(toJsonl(records)).sessions) {
      const category = classifySession({ score: t.success.score, filesModified: t.filesModified, domain: t.domain });
      expected[category] = (expected[category] ?? 0) + 1;
    }
    const db = getDb();
    const project = (await db.select().from(projects).where(eq(projects.slug, "multi")).get())!;
    const stored = await db
      .select({ category: sessions.category, n: count() })
      .from(sessions)
      .where(eq(sessions.projectId, project.id))
      .groupBy(sessions.category)
      .all();
    expect(Object.fromEntries(stored.map((r) => [r.category, r.n]))).toEqual(expected);

    const patternCategories = await db
      .select({ category: toolPatterns.category, sequence: toolPatterns.sequence })
      .from(toolPatterns)
      .where(eq(toolPatterns.projectId, project.id))
      .all();
    expect(patternCategories).toHaveLength(new Set(patterns.map((p) => p.sequence)).size);
    for (const p of patterns) {
      const row = patternCategories.find((r) => r.sequence === p.sequence)!;
      expect(row.category).toBe(classifyPattern({ avgSuccess: p.avgSuccess, count: p.count }));
    }
    const memoryCount = (await db
      .select({ n: count() })
      .from(memories)
      .where(eq(memories.projectId, project.id))
      .get())!.n;
    expect(memoryCount).toBe(200 + patternCategories.length);
    const source = await db
      .select({ source: memories.source })
      .from(memories)
      .where(sql`${memories.source} like 'project:multi:acos:session:%'`)
      .limit(1)
      .get();
    expect(source?.source).toMatch(/^project:multi:acos:session:multi/);
  });

  it("stores the good records of a file and reports the bad one with its line and field", async () => {
    const records = generateAcosTrajectories({ seed: 4, count: 3, idPrefix: "mixed" }) as Record<string, unknown>[];
    const lines = [
      JSON.stringify(records[0]),
      JSON.stringify({ ...records[1], successScore: "high" }),
      JSON.stringify(records[2]),
    ];
    const { status, body } = await postRaw(lines.join("\n"), { project: "mixed", name: "mixed.jsonl" });
    expect(status).toBe(207);
    expect(body.files[0]).toMatchObject({ accepted: 2, rejected: 1 });
    expect(body.files[0]!.errors[0]).toMatchObject({ line: 2, field: "successScore" });
    expect(body.error?.message).toContain("mixed.jsonl line 2, field successScore");
  });

  it("names the project from a multipart field when the query has none", async () => {
    const content = toJsonl(generateAcosTrajectories({ seed: 5, count: 2, idPrefix: "field" }));
    const form = new FormData();
    form.append("project", "From Field");
    form.append("files", new Blob([content]), "t.jsonl");
    const { POST } = await import("@/app/api/v1/ingest/route");
    const response = await POST(await apiRequest("http://localhost/api/v1/ingest", { method: "POST", body: form }));
    expect(response.status).toBe(200);
    expect(((await response.json()) as { project: string }).project).toBe("from-field");
  });

  it("refuses ACOS files without a project, naming the missing field", async () => {
    const { status, body } = await postRaw(toJsonl(generateAcosTrajectories({ seed: 6, count: 2 })), {
      name: "orphans.jsonl",
    });
    expect(status).toBe(422);
    expect(body.error?.message).toContain("orphans.jsonl, field project");
  });
});

describe("POST /api/v1/ingest with empty files", () => {
  const SESSION_FILE = "-Users-x/0a1b2c3d-0000-4000-8000-000000000000.jsonl";
  const nothing = (name: string) => ({
    name,
    format: "empty",
    project: null,
    accepted: 0,
    duplicates: 0,
    rejected: 0,
    errors: [],
    errorCount: 0,
    sessions: [],
    waitingFor: null,
  });

  it("answers an empty file alone, in a multipart post and in a zip alike: empty, nothing stored, nothing rejected, whatever its name", async () => {
    const before = { sessions: await rows(sessions), memories: await rows(memories) };
    const raw = await postRaw("", { project: "hollow", name: "empty.jsonl" });
    expect(raw).toEqual({
      status: 200,
      body: {
        project: "hollow",
        files: [nothing("empty.jsonl")],
        totals: { accepted: 0, duplicates: 0, rejected: 0, waiting: 0 },
      },
    });

    const files = [
      { name: "empty.json", content: "" },
      { name: SESSION_FILE, content: " \n" },
    ];
    const multipart = await postFiles(files, { project: "hollow" });
    expect(multipart.status).toBe(200);
    expect(multipart.body.files).toEqual(files.map((f) => nothing(f.name)));

    const zip = await postFiles(
      [{ name: "tree.zip", content: zipSync(Object.fromEntries(files.map((f) => [f.name, strToU8(f.content)]))) }],
      { project: "hollow" },
    );
    expect(zip.status).toBe(200);
    expect(zip.body.files).toEqual(files.map((f) => nothing(`tree.zip/${f.name}`)));
    expect({ sessions: await rows(sessions), memories: await rows(memories) }).toEqual(before);
    expect(await getDb().select().from(projects).where(eq(projects.slug, "hollow")).get()).toBeUndefined();
  });
});
