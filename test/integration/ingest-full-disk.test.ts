import { and, count, eq, isNull, sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { getDb, sqliteOf } from "@/db/client";
import { auditLog, memories, sessions, transcriptFiles } from "@/db/schema";
import { generateAcosTrajectories, toJsonl } from "@/test/factories/generate/acos";
import { transcript } from "@/test/factories/transcript";
import { postFiles } from "./ingest-client";

const client = () => sqliteOf(getDb());
const pages = () => client().pragma("page_count", { simple: true }) as number;
/** SQLite's own ceiling (the default): what the test puts back. */
const NO_CEILING = 4_294_967_294;
afterEach(() => client().pragma(`max_page_count = ${NO_CEILING}`));

const acos = (name: string, seed: number, n: number) => ({
  name,
  content: toJsonl(generateAcosTrajectories({ seed, count: n, idPrefix: name })),
});
const session = (i: number) => `5b0c6f0e-0000-4000-8000-${String(i).padStart(12, "0")}`;
const sessionFile = (i: number) => ({
  name: `-home-dev-disk/${session(i)}.jsonl`,
  content: transcript(session(i), ["Read", "Edit", "Bash"], { cwd: "/home/dev/disk" }),
});

const stored = async () => (await getDb().select({ n: count() }).from(sessions).get())!.n;
/** What the upload audit entries say was stored, summed. */
const audited = async () =>
  (
    await getDb().select({ accepted: auditLog.detail }).from(auditLog).where(eq(auditLog.action, "ingest")).all()
  ).reduce((n, e) => n + Number((e.accepted as { accepted?: number } | null)?.accepted ?? 0), 0);

describe("ingest on a full disk", () => {
  it("answers 507, stores nothing without its audit entry, half-writes nothing and keeps what was stored", async () => {
    const before = await postFiles([acos("before", 1, 40), sessionFile(1)], { project: "disk" });
    expect(before.status).toBe(200);
    expect(await stored()).toBe(41);
    expect(await audited()).toBe(41);

    // Room for a small file, not for the large one after it.
    client().pragma(`max_page_count = ${pages() + 40}`);
    const full = await postFiles(
      [acos("small", 2, 20), sessionFile(2), sessionFile(3), acos("large", 3, 4_000), sessionFile(4)],
      { project: "disk" },
    );
    client().pragma(`max_page_count = ${NO_CEILING}`);

    expect(full.status, JSON.stringify(full.body).slice(0, 300)).toBe(507);
    expect(full.body.error?.code).toBe("insufficient_storage");
    expect(await stored()).toBe(await audited());
    expect(await stored()).toBeGreaterThanOrEqual(41);
    const withoutMemory = (await getDb()
      .select({ n: count() })
      .from(sessions)
      .leftJoin(memories, eq(memories.sessionId, sessions.id))
      .where(isNull(memories.id))
      .get())!.n;
    expect(withoutMemory).toBe(0);
    const partsWithoutSession = (await getDb()
      .select({ n: count() })
      .from(transcriptFiles)
      .leftJoin(sessions, and(eq(sessions.externalId, transcriptFiles.sessionId), eq(sessions.format, "claude-code")))
      .where(isNull(sessions.id))
      .get())!.n;
    expect(partsWithoutSession).toBe(0);
    const kept = (await getDb()
      .select({ n: count() })
      .from(sessions)
      .where(sql`${sessions.externalId} LIKE 'before%' OR ${sessions.externalId} = ${session(1)}`)
      .get())!.n;
    expect(kept).toBe(41);
    expect(client().pragma("integrity_check", { simple: true })).toBe("ok");

    const again = await postFiles(
      [acos("small", 2, 20), sessionFile(2), sessionFile(3), acos("large", 3, 4_000), sessionFile(4)],
      { project: "disk" },
    );
    expect(again.status).toBe(200);
    expect(await stored()).toBe(41 + 20 + 2 + 4_000 + 1);
    expect(await audited()).toBe(await stored());
  });
});
