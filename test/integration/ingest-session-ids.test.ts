import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { projects, sessions, transcriptFiles } from "@/db/schema";
import { generateAcosTrajectories } from "@/test/factories/generate/acos";
import { transcript } from "@/test/factories/transcript";
import { postFiles } from "./ingest-client";

const SESSION = "7c1e2d3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f";

async function stored(slug: string) {
  const where = and(eq(projects.slug, slug), eq(sessions.externalId, SESSION));
  const rows = await getDb()
    .select({ format: sessions.format, raw: sessions.raw })
    .from(sessions)
    .innerJoin(projects, eq(projects.id, sessions.projectId))
    .where(where)
    .all();
  const parts = await getDb()
    .select({ part: transcriptFiles.part })
    .from(transcriptFiles)
    .where(eq(transcriptFiles.sessionId, SESSION))
    .all();
  return { rows, parts: parts.length };
}

describe("session ids of transcripts", () => {
  it("a transcript whose session id is an ACOS trajectory's id in the same project is refused, and the session kept", async () => {
    const [record] = generateAcosTrajectories({ seed: 5, count: 1, idPrefix: "clash" });
    const acos = await postFiles([{ name: "trajectory.json", content: JSON.stringify({ ...record, id: SESSION }) }], {
      project: "clash",
    });
    expect(acos.body.totals).toEqual({ accepted: 1, duplicates: 0, rejected: 0, waiting: 0 });
    const before = (await stored("clash")).rows;
    expect(before).toEqual([{ format: "acos", raw: expect.any(String) }]);

    const name = `-home-dev-clash/${SESSION}.jsonl`;
    const { status, body } = await postFiles([{ name, content: transcript(SESSION, ["Read", "Edit"]) }], {
      project: "clash",
    });
    expect(status).toBe(422);
    expect(body.files[0]).toMatchObject({ format: "claude-code", accepted: 0, rejected: 1, sessions: [] });
    expect(body.files[0]!.errors[0]!.message).toMatch(new RegExp(`session ${SESSION} .*another format.*"clash"`));
    expect(body.error?.message).toContain(name);
    expect(await stored("clash")).toEqual({ rows: before, parts: 0 });

    const elsewhere = await postFiles([{ name, content: transcript(SESSION, ["Read", "Edit"]) }], {
      project: "clash-transcripts",
    });
    expect(elsewhere.body.totals).toEqual({ accepted: 1, duplicates: 0, rejected: 0, waiting: 0 });
    expect((await stored("clash-transcripts")).rows).toEqual([{ format: "claude-code", raw: expect.any(String) }]);
    expect((await stored("clash")).rows).toEqual(before);
  });

  it("a transcript with conversation lines but no session id, in its lines or its name, is rejected saying so", async () => {
    const lines = transcript("unnamed", ["Read"])
      .split("\n")
      .map((line) => {
        const { sessionId: _dropped, ...rest } = JSON.parse(line) as Record<string, unknown>;
        return JSON.stringify(rest);
      });
    const { status, body } = await postFiles([{ name: "notes/session-export.jsonl", content: lines.join("\n") }], {
      project: "unnamed",
    });
    expect(status).toBe(422);
    expect(body.files[0]).toMatchObject({
      name: "notes/session-export.jsonl",
      format: "claude-code",
      accepted: 0,
      rejected: 1,
    });
    expect(body.files[0]!.errors).toEqual([
      { line: null, field: "sessionId", message: expect.stringMatching(/names its session.*<sessionId>\.jsonl/) },
    ]);
    expect(body.error?.message).toMatch(
      /^notes\/session-export\.jsonl, field sessionId: no line of this transcript names its session/,
    );
  });
});
