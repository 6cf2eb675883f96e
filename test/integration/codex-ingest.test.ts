import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { GET } from "@/app/api/v1/projects/[slug]/guidance/route";
import { getDb } from "@/db/client";
import { getSession } from "@/db/queries/sessions";
import { operations, projects, sessions, transcriptFiles } from "@/db/schema";
import { generateCodexRollout } from "@/test/factories/generate/codex";
import { assembleRollouts } from "@/lib/ingest/codex/assemble";
import { parseFile } from "@/lib/ingest/parse-file";
import { postFiles } from "./ingest-client";
import { apiRequest } from "./support/auth";

/** Four Codex sessions in ~/.codex/sessions/YYYY/MM/DD, the first with a sub-agent thread it spawned. */
const day = (d: number) => Date.UTC(2026, 4, d, 8, 0, 0);
const mains = [1, 2, 3, 4].map((i) => generateCodexRollout({ seed: 100 + i, turns: 4, start: day(10 + i) }));
const thread = generateCodexRollout({
  seed: 200,
  turns: 1,
  parentThreadId: mains[0]!.threadId,
  start: day(11) + 20_000,
});
const files = [thread, ...mains].map((g) => ({ name: g.name, content: g.text }));

const stored = async (externalId: string) =>
  (await getDb().select().from(sessions).where(eq(sessions.externalId, externalId)).get())!;
const rows = async () => ({
  t: (await getDb().select({ n: count() }).from(sessions).get())!.n,
  f: (await getDb().select({ n: count() }).from(transcriptFiles).get())!.n,
  o: (await getDb().select({ n: count() }).from(operations).get())!.n,
});

describe("Codex CLI rollouts through POST /api/v1/ingest", () => {
  it("stores each session once in the project its cwd names, the sub-agent thread folded into its parent", async () => {
    const { status, body } = await postFiles(files);
    expect(status, JSON.stringify(body.error)).toBe(200);
    expect(body.files.map((f) => f.format)).toEqual(Array(5).fill("codex"));
    const widget = (await getDb().select().from(projects).where(eq(projects.slug, "widget")).get())!;
    expect(
      (await getDb().select({ n: count() }).from(sessions).where(eq(sessions.projectId, widget.id)).get())!.n,
    ).toBe(4);

    const parent = await stored(mains[0]!.threadId);
    const expected = assembleRollouts(parseFile(mains[0]!.text, mains[0]!.name).rollout!, [
      parseFile(thread.text, thread.name).rollout!,
    ]);
    expect(parent).toMatchObject({
      format: "codex",
      agent: "codex",
      delegated: true,
      operationCount: expected.operationCount,
    });
    const detail = (await getSession(getDb(), parent.id))!;
    expect(detail.operations).toHaveLength(expected.operationCount);
    expect(detail.operations.filter((o) => o.delegated)).toHaveLength(
      expected.operations!.filter((o) => o.delegated).length,
    );
    expect(detail.operations.filter((o) => o.isError)).toHaveLength(
      expected.operations!.filter((o) => o.isError).length,
    );
    expect(detail.session.prompts.map((p) => p.text)).toEqual(expected.prompts.map((p) => p.text));
    expect(await stored(thread.threadId)).toBeUndefined();
  });

  it("posting the same rollouts again stores nothing new and reports duplicates", async () => {
    const before = await rows();
    const { status, body } = await postFiles(files);
    expect(status).toBe(200);
    expect(body.totals).toMatchObject({ accepted: 0, duplicates: 5 });
    expect(await rows()).toEqual(before);
  });

  it("reports a bad line with its file, line and field, and stores the rest", async () => {
    const g = generateCodexRollout({ seed: 300, turns: 2, start: day(20) });
    const lines = g.text.trimEnd().split("\n");
    lines.splice(
      3,
      0,
      JSON.stringify({
        timestamp: "2026-05-20T08:00:09.000Z",
        type: "event_msg",
        payload: { type: "token_count", info: { last_token_usage: { input_tokens: "many" } } },
      }),
    );
    const { body } = await postFiles([{ name: g.name, content: lines.join("\n") }]);
    expect(body.files[0]).toMatchObject({
      name: g.name,
      accepted: 1,
      rejected: 1,
      errors: [{ line: 4, field: "payload.info.last_token_usage.input_tokens" }],
    });
    expect((await stored(g.threadId)).format).toBe("codex");
  });

  it("its shell commands become the project's knowledge, in its guidance", async () => {
    const response = await GET(await apiRequest("http://localhost/api/v1/projects/widget/guidance?format=markdown"), {
      params: Promise.resolve({ slug: "widget" }),
    });
    const text = await response.text();
    const taught = /## What this project teaches\n\n([\s\S]*?)(?:\n## |$)/.exec(text)?.[1] ?? "";
    expect(taught, text).toMatch(/Tests: `(npm test|npx vitest run|cargo test|pytest -q)`/);
    expect(taught).toMatch(/in \d+ sessions/);
  });

  it.each([
    ["one request, the grandchild first", 1, (files: { name: string; content: string }[]) => [[...files].reverse()]],
    [
      "three requests, the grandchild, then its parent thread, then the root",
      2,
      (files: { name: string; content: string }[]) => [[files[2]!], [files[1]!], [files[0]!]],
    ],
  ] as const)("folds a thread spawned by a sub-agent thread into the root session: %s", async (_, seed, requests) => {
    const root = generateCodexRollout({ seed: 610 + seed, turns: 2, cwd: "/work/nested", start: day(25) });
    const child = generateCodexRollout({
      seed: 620 + seed,
      turns: 1,
      cwd: "/work/nested",
      parentThreadId: root.threadId,
      start: day(25) + 10_000,
    });
    const grandchild = generateCodexRollout({
      seed: 630 + seed,
      turns: 1,
      cwd: "/work/nested",
      parentThreadId: child.threadId,
      start: day(25) + 20_000,
    });
    const files = [root, child, grandchild].map((g) => ({ name: g.name, content: g.text }));
    for (const request of requests(files)) expect((await postFiles(request)).status).toBe(200);

    const parsed = [root, child, grandchild].map((g) => parseFile(g.text, g.name).rollout!);
    const expected = assembleRollouts(parsed[0]!, parsed.slice(1));
    const detail = (await getSession(getDb(), (await stored(root.threadId)).id))!;
    expect(detail.operations).toHaveLength(expected.operationCount);
    expect(detail.operations.filter((o) => o.delegated)).toHaveLength(
      expected.operations!.filter((o) => o.delegated).length,
    );
    expect(expected.subagents).toHaveLength(2);
    expect(await stored(child.threadId)).toBeUndefined();
    expect(await stored(grandchild.threadId)).toBeUndefined();
    const orphans = (await getDb()
      .select({ n: count() })
      .from(transcriptFiles)
      .where(eq(transcriptFiles.sessionId, child.threadId))
      .get())!.n;
    expect(orphans).toBe(0);
  });
});
