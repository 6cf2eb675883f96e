import fs from "node:fs";
import path from "node:path";
import { count, eq } from "drizzle-orm";
import { strToU8, zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { memories, operations, projects, trajectories, transcriptFiles } from "@/db/schema";
import { PUT } from "@/app/api/v1/sessions/[id]/outcome/route";
import { postFiles } from "./ingest-client";
import { browserRequest } from "./support/auth";

const ROOT = path.resolve("test/fixtures/claude-code");

/** Every transcript and meta file of the fixtures, named by its path under the projects root, as the CLI sends them. */
function fixtureFiles(filter: (name: string) => boolean = () => true) {
  const out: { name: string; content: Uint8Array }[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.(jsonl|json)$/.test(entry.name)) out.push({ name: path.relative(ROOT, full), content: fs.readFileSync(full) });
    }
  };
  walk(ROOT);
  return out.filter((f) => filter(f.name));
}

function sessionsByProject() {
  const rows = getDb()
    .select({ slug: projects.slug, n: count(trajectories.id) })
    .from(projects)
    .innerJoin(trajectories, eq(trajectories.projectId, projects.id))
    .where(eq(trajectories.format, "claude-code"))
    .groupBy(projects.slug)
    .all();
  return Object.fromEntries(rows.map((r) => [r.slug, r.n]));
}

function session(externalId: string) {
  return getDb().select().from(trajectories).where(eq(trajectories.externalId, externalId)).get()!;
}

function delegatedOps(trajectoryId: number) {
  return getDb().select({ n: count() }).from(operations).where(eq(operations.trajectoryId, trajectoryId)).groupBy(operations.delegated).all();
}

/** Labelling a session is curation: the admin signed in does it, not a token. */
const outcome = async (id: number, value: string | null) =>
  PUT(await browserRequest(`http://localhost/api/v1/sessions/${id}/outcome`, { method: "PUT", body: JSON.stringify({ outcome: value }) }), {
    params: Promise.resolve({ id: String(id) }),
  });

describe("Claude Code transcripts through POST /api/v1/ingest", () => {
  it("a zipped ~/.claude/projects tree lands in three projects, with sub-agents in both layouts attached to their parents", async () => {
    const zip = zipSync(Object.fromEntries(fixtureFiles().map((f) => [f.name, f.content])));
    const { status, body } = await postFiles([{ name: "projects.zip", content: zip }]);
    expect(status, JSON.stringify(body.error)).toBe(200);
    expect(sessionsByProject()).toEqual({ "ai-music": 3, "deep-manifest": 1, worktrees: 1 });

    const flat = session("a7da6a22-facc-4fcd-8bab-f83c87862004");
    const nested = session("ef958aa1-0e93-49f0-bb71-150f63befcd1");
    for (const s of [flat, nested]) {
      expect(s.delegated).toBe(true);
      expect(delegatedOps(s.id)).toHaveLength(2);
    }
    const summaryOnly = body.files.find((f) => f.name.endsWith("ff71dbed-a4f2-4284-a4fc-fe2fb90de929.jsonl"))!;
    expect(summaryOnly).toMatchObject({ format: "claude-code", accepted: 0, rejected: 0 });
    const main = body.files.find((f) => f.name.endsWith("a7da6a22-facc-4fcd-8bab-f83c87862004.jsonl"))!;
    expect(main.sessions).toEqual([{ id: flat.id, project: "deep-manifest", externalId: flat.externalId }]);
  });

  it("posting the same files again stores nothing new and reports duplicates", async () => {
    const before = { t: getDb().select({ n: count() }).from(trajectories).get()!.n, f: getDb().select({ n: count() }).from(transcriptFiles).get()!.n };
    const { status, body } = await postFiles(fixtureFiles());
    expect(status).toBe(200);
    expect(body.totals.accepted).toBe(0);
    expect(body.totals.duplicates).toBeGreaterThan(0);
    expect(getDb().select({ n: count() }).from(trajectories).get()!.n).toBe(before.t);
    expect(getDb().select({ n: count() }).from(transcriptFiles).get()!.n).toBe(before.f);
  });

  it("a person's verdict replaces the score, category and memory, survives re-ingest, and can be undone", async () => {
    const s = session("ba79134d-b6e9-4867-af0c-6941038c9e4b");
    const failed = await outcome(s.id, "failed");
    expect(failed.status).toBe(200);
    let now = session(s.externalId);
    expect(now).toMatchObject({ id: s.id, successScore: 0, successSource: "override", category: "error", originalScore: s.successScore });
    expect(getDb().select().from(memories).where(eq(memories.trajectoryId, s.id)).get()!.category).toBe("error");

    const grown = fixtureFiles((n) => n.endsWith("ba79134d-b6e9-4867-af0c-6941038c9e4b.jsonl"))[0]!;
    const extra = JSON.stringify({ type: "summary", summary: "later", leafUuid: "x" });
    await postFiles([{ name: grown.name, content: Buffer.concat([grown.content, Buffer.from(`${extra}\n`)]) }]);
    now = session(s.externalId);
    expect(now).toMatchObject({ id: s.id, successScore: 0, successSource: "override" });

    expect((await outcome(s.id, null)).status).toBe(200);
    now = session(s.externalId);
    expect(now).toMatchObject({ successScore: s.successScore, successSource: s.successSource, originalScore: null, category: s.category });
    expect((await outcome(s.id, "maybe")).status).toBe(422);
    expect((await outcome(999_999, "failed")).status).toBe(404);
  });

  it("a sub-agent file sent before its parent waits, then joins it in a later request", async () => {
    const rename = (text: string) => text.replaceAll("a7da6a22-facc-4fcd-8bab-f83c87862004", "0d0d0d0d-0000-4000-8000-000000000001");
    const [agent] = fixtureFiles((n) => n.endsWith("agent-c8d9b115.jsonl")).map((f) => ({ name: f.name, content: strToU8(rename(Buffer.from(f.content).toString("utf8"))) }));
    const [main] = fixtureFiles((n) => n.endsWith("a7da6a22-facc-4fcd-8bab-f83c87862004.jsonl")).map((f) => ({
      name: rename(f.name),
      content: strToU8(rename(Buffer.from(f.content).toString("utf8"))),
    }));
    const first = await postFiles([agent!]);
    expect(first.status).toBe(200);
    expect(first.body.files[0]).toMatchObject({ accepted: 1, sessions: [] });
    const second = await postFiles([main!]);
    const stored = session("0d0d0d0d-0000-4000-8000-000000000001");
    expect(second.body.files[0]!.sessions[0]!.id).toBe(stored.id);
    expect(stored.delegated).toBe(true);
  });
});
