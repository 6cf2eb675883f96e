import { describe, expect, it } from "vitest";
import { getDb, isPostgres, sqliteOf, transaction } from "@/db/client";
import { statement } from "@/db/engine/statement";
import { ensureProject } from "@/db/queries/session-writes";
import { storeRecords } from "@/lib/server/store-records";
import { storableText } from "@/db/engine/storable-text";
import { storeSession } from "@/lib/server/store-session";
import type { Operation } from "@/lib/session";
import { makeSession } from "@/test/factories/session";

/**
 * db/queries/session-writes.ts writes a file's operations, files and memories as JSON arrays, one statement per table:
 * what it stores must be exactly what binding each value would store. On PostgreSQL, whose text holds no NUL and no
 * lone surrogate, that is the value with those as U+FFFD (db/engine/storable-text.ts).
 */
const ODD = [
  "plain.ts",
  "nul\u0000byte",
  "lone\ud800surrogate",
  "\udc00",
  "emoji 😀",
  'quote " and \\',
  "é\u0301",
  "\u2028",
];

const hex = (value: unknown) =>
  sqliteOf(getDb()).prepare("SELECT hex(?) AS h, typeof(?) AS t").get(value, value) as { h: string; t: string };

describe("rows written as JSON arrays", () => {
  it("hold every text and number as a bound value would", async () => {
    const db = getDb();
    const ops: Operation[] = ODD.map((file, seq) => ({
      seq,
      tool: "Edit",
      file,
      command: `echo ${file}`,
      isError: seq % 2 === 0,
      at: 1_700_000_000_123 + seq,
      delegated: false,
      output: null,
    }));
    const t = makeSession({
      externalId: "odd-rows",
      filesModified: ODD,
      filesRead: ODD.slice(0, 3),
      operations: ops,
      critique: ODD.join(" "),
    });
    expect(await storeRecords(db, "odd-rows", { sessions: [t], patterns: [] })).toEqual({
      accepted: 1,
      duplicates: 0,
    });
    if (isPostgres(db)) {
      const paths = await statement<{ path: string }>("SELECT path FROM session_files WHERE role = 'modified'").all(db);
      expect(paths.map((p) => p.path).sort()).toEqual([...new Set(ODD.map(storableText))].sort());
      const stored = await statement("SELECT file, is_error, at FROM operations ORDER BY seq").all(db);
      expect(stored).toEqual(
        ops.map((op) => ({ file: storableText(op.file!), is_error: op.isError ? 1 : 0, at: op.at })),
      );
      const memory = (await statement<{ content: string; confidence: number; created_at: number }>(
        "SELECT content, confidence, created_at FROM memories WHERE session_id IS NOT NULL",
      ).get(db))!;
      expect(memory.content).toContain(storableText("lone\ud800surrogate"));
      expect(typeof memory.confidence).toBe("number");
      expect(Number.isInteger(memory.created_at)).toBe(true);
      return;
    }
    const paths = sqliteOf(db)
      .prepare("SELECT hex(path) AS h, typeof(path) AS t FROM session_files WHERE role = 'modified' ORDER BY path")
      .all();
    expect(paths).toEqual([...new Set(ODD)].map(hex).sort((a, b) => (a.h < b.h ? -1 : 1)));
    const stored = sqliteOf(db)
      .prepare("SELECT hex(file) AS h, typeof(file) AS t, is_error, at FROM operations ORDER BY seq")
      .all();
    expect(stored).toEqual(ops.map((op) => ({ ...hex(op.file), is_error: op.isError ? 1 : 0, at: op.at })));
    const memory = sqliteOf(db)
      .prepare(
        "SELECT hex(content) AS h, typeof(confidence) AS c, typeof(created_at) AS d FROM memories WHERE session_id IS NOT NULL",
      )
      .get();
    expect(memory).toEqual({ h: expect.stringContaining(hex("lone\ud800surrogate").h), c: "real", d: "integer" });
  });

  it("keep a session's operations, files and memory when it is replaced, and none of the replaced one", async () => {
    const db = getDb();
    const projectId = await ensureProject(db, "odd-rows");
    const grown = makeSession({
      format: "claude-code",
      externalId: "replaced",
      filesModified: ["x.ts"],
      operations: [],
    });
    const id = await transaction(db, () => storeSession(db, projectId, "odd-rows", grown));
    const again = await transaction(db, () =>
      storeSession(db, projectId, "odd-rows", { ...grown, filesModified: ["y.ts", "z.ts"] }),
    );
    expect(again).toBe(id);
    expect(await statement("SELECT path FROM session_files WHERE session_id = ? ORDER BY path").all(db, id)).toEqual([
      { path: "y.ts" },
      { path: "z.ts" },
    ]);
    expect(await statement("SELECT count(*) AS n FROM memories WHERE session_id = ?").get(db, id)).toEqual({ n: 1 });
  });
});
