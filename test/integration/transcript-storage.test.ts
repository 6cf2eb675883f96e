import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb, isPostgres } from "@/db/client";
import { statement } from "@/db/engine/statement";
import { sessions } from "@/db/schema";
import { transcriptBytes, type StoredContent } from "@/db/transcript-content";
import { postFiles } from "./ingest-client";
import { claudeFixtureFiles, DELEGATING_SESSION, delegatingSessionFiles } from "./support/fixture-files";

const SESSION = DELEGATING_SESSION;
const { main, subagents } = delegatingSessionFiles();

interface Row {
  id: number;
  hash: string;
  content: StoredContent;
  kind: string;
}
const storedParts = statement<Row>({
  sqlite: `SELECT f.id, f.content_hash AS hash, f.content, typeof(f.content) AS kind FROM transcript_files f JOIN projects p ON p.id = f.project_id WHERE p.slug = ?`,
  postgresql: `SELECT f.id, f.content_hash AS hash, f.content, coalesce(pg_column_compression(f.content), 'inline') AS kind FROM transcript_files f JOIN projects p ON p.id = f.project_id WHERE p.slug = ?`,
});
const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

describe("transcript files as stored", () => {
  it("are compressed (SQLite: brotli; PostgreSQL: lz4) and read back as the very bytes stored", async () => {
    const files = claudeFixtureFiles();
    const { body } = await postFiles(files, { project: "stored" });
    expect(body.totals).toMatchObject({ accepted: 18, rejected: 0 });
    const rows = await storedParts.all(getDb(), "stored");
    expect(rows).toHaveLength(18);
    for (const row of rows) expect(sha256(transcriptBytes(row.content)), `part ${row.id}`).toBe(row.hash);
    const received = files.reduce((sum, f) => sum + f.content.byteLength, 0);
    if (!isPostgres(getDb())) {
      expect(new Set(rows.map((r) => r.kind))).toEqual(new Set(["blob"]));
      const stored = rows.reduce((sum, r) => sum + (r.content as Buffer).byteLength, 0);
      expect(stored).toBeLessThan(received / 4);
    } else {
      // Values over about 2 kB are compressed; the smallest meta files stay as they are.
      const large = rows.filter((r) => transcriptBytes(r.content).byteLength > 4096);
      expect(large.length).toBeGreaterThan(10);
      expect(new Set(large.map((r) => r.kind))).toEqual(new Set(["lz4"]));
    }
  });
});

describe("transcript files stored as text (on SQLite, by versions before compression)", () => {
  it("sub-agents stored as text join their session when its main transcript arrives, as compressed ones do", async () => {
    const db = getDb();
    expect((await postFiles(subagents, { project: "text-parts" })).body.totals.waiting).toBe(12);
    if (!isPostgres(db)) {
      // What the previous version stored: the bytes as received, as text.
      const asText = statement(`UPDATE transcript_files SET content = CAST(? AS TEXT) WHERE id = ?`);
      for (const row of await storedParts.all(db, "text-parts"))
        await asText.run(db, transcriptBytes(row.content), row.id);
      expect(new Set((await storedParts.all(db, "text-parts")).map((r) => r.kind))).toEqual(new Set(["text"]));
    }
    expect((await postFiles(main, { project: "text-parts" })).body.totals).toMatchObject({ accepted: 1, waiting: 0 });
    expect((await postFiles([...main, ...subagents], { project: "compressed-parts" })).body.totals).toMatchObject({
      accepted: 13,
      waiting: 0,
    });
    const [fromText, fromCompressed] = await db
      .select({ raw: sessions.raw, operations: sessions.operationCount })
      .from(sessions)
      .where(eq(sessions.externalId, SESSION))
      .orderBy(sessions.id)
      .all()
      .then((rows) => rows.slice(-2));
    expect(fromText!.operations).toBeGreaterThan(0);
    expect(fromText).toEqual(fromCompressed);
  });
});
