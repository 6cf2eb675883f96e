import { count, eq } from "drizzle-orm";
import { strToU8, zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { searchMemories } from "@/db/queries/memories";
import { getSession } from "@/db/queries/sessions";
import { memories, operations, projects, sessions, transcriptFiles } from "@/db/schema";
import { PUT } from "@/app/api/v1/sessions/[id]/outcome/route";
import { postFiles } from "./ingest-client";
import { claudeFixtureFiles } from "./support/fixture-files";
import { browserRequest } from "./support/auth";
import { decayAt } from "@/lib/server/memories";

async function sessionsByProject() {
  const rows = await getDb()
    .select({ slug: projects.slug, n: count(sessions.id) })
    .from(projects)
    .innerJoin(sessions, eq(sessions.projectId, projects.id))
    .where(eq(sessions.format, "claude-code"))
    .groupBy(projects.slug)
    .all();
  return Object.fromEntries(rows.map((r) => [r.slug, r.n]));
}

async function session(externalId: string) {
  return (await getDb().select().from(sessions).where(eq(sessions.externalId, externalId)).get())!;
}

async function delegatedOps(sessionId: number) {
  return getDb()
    .select({ n: count() })
    .from(operations)
    .where(eq(operations.sessionId, sessionId))
    .groupBy(operations.delegated)
    .all();
}

/** Labelling a session is curation: the admin signed in does it, not a token. */
const outcome = async (id: number, value: string | null) =>
  PUT(
    await browserRequest(`http://localhost/api/v1/sessions/${id}/outcome`, {
      method: "PUT",
      body: JSON.stringify({ outcome: value }),
    }),
    {
      params: Promise.resolve({ id: String(id) }),
    },
  );

describe("Claude Code transcripts through POST /api/v1/ingest", () => {
  it("a zipped ~/.claude/projects tree lands in three projects, with sub-agents in both layouts attached to their parents", async () => {
    const zip = zipSync(Object.fromEntries(claudeFixtureFiles().map((f) => [f.name, f.content])));
    const { status, body } = await postFiles([{ name: "projects.zip", content: zip }]);
    expect(status, JSON.stringify(body.error)).toBe(200);
    expect(await sessionsByProject()).toEqual({ "ai-music": 3, "deep-manifest": 1, worktrees: 1 });

    const flat = await session("a7da6a22-facc-4fcd-8bab-f83c87862004");
    const nested = await session("ef958aa1-0e93-49f0-bb71-150f63befcd1");
    for (const s of [flat, nested]) {
      expect(s.delegated).toBe(true);
      expect(await delegatedOps(s.id)).toHaveLength(2);
    }
    const summaryOnly = body.files.find((f) => f.name.endsWith("ff71dbed-a4f2-4284-a4fc-fe2fb90de929.jsonl"))!;
    expect(summaryOnly).toMatchObject({ format: "claude-code", accepted: 0, rejected: 0 });
    const main = body.files.find((f) => f.name.endsWith("a7da6a22-facc-4fcd-8bab-f83c87862004.jsonl"))!;
    expect(main.sessions).toEqual([{ id: flat.id, project: "deep-manifest", externalId: flat.externalId }]);
  });

  it("stores each session's prompts and what its failed calls, shell commands and reads of the project's docs answered, and reads them back", async () => {
    const detail = (await getSession(getDb(), (await session("a7da6a22-facc-4fcd-8bab-f83c87862004")).id))!;
    expect(detail.session.prompts).toHaveLength(7);
    expect(detail.session.prompts[5]).toMatchObject({
      after: "rejection",
      text: expect.stringMatching(/^OK, so first commit the changes/),
    });
    const failed = detail.operations
      .filter((o) => o.isError)
      .map((o) => [o.command ?? o.tool, o.output?.split("\n")[0]]);
    expect(failed).toEqual([
      ["pytest", "Exit code 127"],
      ["Read", "EISDIR: illegal operation on a directory, read"],
      ["(source .venv/bin/activate && pytest -x)", "Exit code 1"],
      ["(source .venv/bin/activate && ruff check deep_manifest/)", "Exit code 1"],
      [
        "ExitPlanMode",
        "The user doesn't want to proceed with this tool use. The tool use was rejected (eg. if it was a file edit, the new_string was NOT written to the file). STOP what you are doing and wait for the user to tell you how to proceed.",
      ],
    ]);
    const answered = detail.operations.filter((o) => o.output !== null);
    expect(answered).toHaveLength(39);
    // Beside failed calls and shell commands: the reads of the project's docs, whose documented commands are mined.
    expect(
      answered.filter((o) => !o.isError && o.command === null).map((o) => [o.tool, o.file?.split("/").pop()]),
    ).toEqual([
      ["Read", "CLAUDE.md"],
      ["Read", "CONTRIBUTING.md"],
      ["Read", "README.md"],
    ]);
  });

  it("a search for a command, a file name or an error message finds the sessions that hold it", async () => {
    const found = async (q: string) => {
      const ids: (string | undefined)[] = [];
      for (const m of (await searchMemories(getDb(), { q, limit: 20, offset: 0 }, decayAt())).items) {
        if (m.sessionId === null) continue;
        const row = await getDb()
          .select({ externalId: sessions.externalId })
          .from(sessions)
          .where(eq(sessions.id, m.sessionId))
          .get();
        ids.push(row?.externalId.slice(0, 8));
      }
      return ids.sort();
    };
    expect(await found("pytest")).toEqual(["a7da6a22"]);
    expect(await found("ruff check")).toEqual(["a7da6a22"]);
    expect(await found("deep_manifest.py")).toEqual(["a7da6a22"]);
    expect(await found("command not found")).toEqual(["a7da6a22"]);
    expect(await found("ModuleNotFoundError")).toEqual(["d3ad4cdc"]);
    expect(await found("requirements.txt")).toEqual(["ba79134d", "d3ad4cdc"]);
    expect(await found("git push")).toEqual(["fed8ce56"]);
  });

  it("posting the same files again stores nothing new and reports duplicates", async () => {
    const before = {
      t: (await getDb().select({ n: count() }).from(sessions).get())!.n,
      f: (await getDb().select({ n: count() }).from(transcriptFiles).get())!.n,
    };
    const { status, body } = await postFiles(claudeFixtureFiles());
    expect(status).toBe(200);
    expect(body.totals.accepted).toBe(0);
    expect(body.totals.duplicates).toBeGreaterThan(0);
    expect((await getDb().select({ n: count() }).from(sessions).get())!.n).toBe(before.t);
    expect((await getDb().select({ n: count() }).from(transcriptFiles).get())!.n).toBe(before.f);
  });

  it("a person's verdict replaces the score, category and memory, survives re-ingest, and can be undone", async () => {
    const s = await session("ba79134d-b6e9-4867-af0c-6941038c9e4b");
    const failed = await outcome(s.id, "failed");
    expect(failed.status).toBe(200);
    let now = await session(s.externalId);
    expect(now).toMatchObject({
      id: s.id,
      successScore: 0,
      successSource: "override",
      category: "error",
      originalScore: s.successScore,
    });
    expect((await getDb().select().from(memories).where(eq(memories.sessionId, s.id)).get())!.category).toBe("error");

    const grown = claudeFixtureFiles((n) => n.endsWith("ba79134d-b6e9-4867-af0c-6941038c9e4b.jsonl"))[0]!;
    const extra = JSON.stringify({ type: "summary", summary: "later", leafUuid: "x" });
    await postFiles([{ name: grown.name, content: Buffer.concat([grown.content, Buffer.from(`${extra}\n`)]) }]);
    now = await session(s.externalId);
    expect(now).toMatchObject({ id: s.id, successScore: 0, successSource: "override" });

    expect((await outcome(s.id, null)).status).toBe(200);
    now = await session(s.externalId);
    expect(now).toMatchObject({
      successScore: s.successScore,
      successSource: s.successSource,
      originalScore: null,
      category: s.category,
    });
    expect((await outcome(s.id, "maybe")).status).toBe(422);
    expect((await outcome(999_999, "failed")).status).toBe(404);
  });

  it("a sub-agent file sent before its parent waits, then joins it in a later request", async () => {
    const rename = (text: string) =>
      text.replaceAll("a7da6a22-facc-4fcd-8bab-f83c87862004", "0d0d0d0d-0000-4000-8000-000000000001");
    const [agent] = claudeFixtureFiles((n) => n.endsWith("agent-c8d9b115.jsonl")).map((f) => ({
      name: f.name,
      content: strToU8(rename(Buffer.from(f.content).toString("utf8"))),
    }));
    const [main] = claudeFixtureFiles((n) => n.endsWith("a7da6a22-facc-4fcd-8bab-f83c87862004.jsonl")).map((f) => ({
      name: rename(f.name),
      content: strToU8(rename(Buffer.from(f.content).toString("utf8"))),
    }));
    const first = await postFiles([agent!]);
    expect(first.status).toBe(200);
    expect(first.body.files[0]).toMatchObject({ accepted: 1, sessions: [] });
    const second = await postFiles([main!]);
    const stored = await session("0d0d0d0d-0000-4000-8000-000000000001");
    expect(second.body.files[0]!.sessions[0]!.id).toBe(stored.id);
    expect(stored.delegated).toBe(true);
  });
});
