import { and, count, eq, inArray, like } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { getDb } from "@/db/client";
import { replaceSessions } from "@/db/queries/session-writes";
import { projects, sessions, transcriptFiles } from "@/db/schema";
import { generateAcosTrajectories, toJsonl } from "@/test/factories/generate/acos";
import { memoryFile } from "@/lib/ingest/named-file";
import { ingestFiles } from "@/lib/server/ingest";
import { transcript } from "@/test/factories/transcript";

vi.mock("@/db/queries/session-writes", async (load) => {
  const actual = await load<typeof import("@/db/queries/session-writes")>();
  return { ...actual, replaceSessions: vi.fn(actual.replaceSessions) };
});

const SESSION = "5b0c6f0e-5a8e-4d7e-9a55-3c1f0b6c2d11";
const files = [
  memoryFile(
    `-home-dev-atomic/${SESSION}.jsonl`,
    transcript(SESSION, ["Read", "Edit", "Bash"], { cwd: "/home/dev/atomic" }),
  ),
];

const stored = async () => ({
  parts: (await getDb()
    .select({ n: count() })
    .from(transcriptFiles)
    .where(eq(transcriptFiles.sessionId, SESSION))
    .get())!.n,
  sessions: (await getDb()
    .select({ n: count() })
    .from(sessions)
    .where(and(eq(sessions.externalId, SESSION), eq(sessions.format, "claude-code")))
    .get())!.n,
});

describe("transcripts and the sessions assembled from them are one transaction", () => {
  it("a failure while assembling stores none of the session, so sending it again stores it whole", async () => {
    vi.mocked(replaceSessions).mockImplementationOnce(() => {
      throw new Error("the server died while assembling the session");
    });
    await expect(ingestFiles(getDb(), files, null, async () => true)).rejects.toThrow("died");
    expect(await stored()).toEqual({ parts: 0, sessions: 0 });

    const again = await ingestFiles(getDb(), files, null, async () => true);
    expect(again.totals).toEqual({ accepted: 1, duplicates: 0, rejected: 0, waiting: 0 });
    expect(again.files[0]!.sessions).toHaveLength(1);
    expect(await stored()).toEqual({ parts: 1, sessions: 1 });
  });

  it("a request's sessions are stored together: a failure at the second stores neither", async () => {
    const ids = ["5b0c6f0e-0000-4000-8000-00000000000a", "5b0c6f0e-0000-4000-8000-00000000000b"];
    const both = ids.map((id) =>
      memoryFile(`-home-dev-atomic/${id}.jsonl`, transcript(id, ["Read", "Bash"], { cwd: "/home/dev/atomic" })),
    );
    const parts = async () =>
      (await getDb().select({ n: count() }).from(transcriptFiles).where(inArray(transcriptFiles.sessionId, ids)).get())!
        .n;
    const sessionCount = async () =>
      (await getDb().select({ n: count() }).from(sessions).where(inArray(sessions.externalId, ids)).get())!.n;
    const real = vi.mocked(replaceSessions).getMockImplementation()!;
    vi.mocked(replaceSessions).mockImplementationOnce(async (db, rules, sessions, writes) => {
      expect(sessions.map(({ t }) => t.externalId)).toEqual(ids);
      await real(db, rules, sessions.slice(0, 1), writes);
      throw new Error("the server died while assembling the second session");
    });
    await expect(ingestFiles(getDb(), both, null, async () => true)).rejects.toThrow("died");
    expect({ parts: await parts(), sessions: await sessionCount() }).toEqual({ parts: 0, sessions: 0 });

    expect((await ingestFiles(getDb(), both, null, async () => true)).totals).toEqual({
      accepted: 2,
      duplicates: 0,
      rejected: 0,
      waiting: 0,
    });
    expect({ parts: await parts(), sessions: await sessionCount() }).toEqual({ parts: 2, sessions: 2 });
  });
});

describe("an ACOS file of at most one transaction's records", () => {
  it("is stored in one transaction, never split across two with the files before it", async () => {
    const file = (prefix: string, count: number) =>
      memoryFile(`${prefix}.jsonl`, toJsonl(generateAcosTrajectories({ seed: count, count, idPrefix: prefix })));
    const stored = async (prefix: string) =>
      (await getDb()
        .select({ n: count() })
        .from(sessions)
        .innerJoin(projects, eq(projects.id, sessions.projectId))
        .where(and(eq(projects.slug, "atomic-acos"), like(sessions.externalId, `${prefix}%`)))
        .get())!.n;
    let commits = 0;
    // The second transaction fails, as a server killed while storing it would leave the database.
    const failSecond = async () => {
      if (++commits === 2) throw new Error("the server died during the second transaction");
    };
    const files = [file("first-", 200), file("second-", 145)];
    await expect(ingestFiles(getDb(), files, "atomic-acos", async () => true, failSecond)).rejects.toThrow("died");
    expect({ first: await stored("first-"), second: await stored("second-") }).toEqual({ first: 200, second: 0 });
  });
});
