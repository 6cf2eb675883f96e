import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { parseFile } from "@/lib/ingest/parse-file";
import { buildOpenCodeDb } from "@/test/fixtures/opencode/build-db";
import { readFound } from "./files";
import { opencode } from "./opencode";

/** The counts of test/fixtures/opencode/README.md, written by hand from the fixture, not by the parser. */
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "opencode-db-"));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

/** A data folder holding the fixture database, and the storage folder too when `storage`. */
function dataFolder(name: string, storage: boolean): string {
  const dir = path.join(tmp, name);
  buildOpenCodeDb(path.join(dir, "opencode.db"));
  if (storage) fs.cpSync("test/fixtures/opencode/storage", path.join(dir, "storage"), { recursive: true });
  return dir;
}

async function parsed(dir: string) {
  const found = await opencode.find(dir);
  const out = [];
  for (const group of found!.groups) {
    const file = group.files[0]!;
    const result = parseFile(Buffer.from(await readFound(file)).toString("utf8"), file.name);
    const t = result.sessions[0]!;
    out.push({
      label: group.label,
      subagents: group.subagents,
      format: result.format,
      errors: result.errorCount,
      id: t.externalId,
      project: t.projectHint,
      prompts: t.promptCount,
      tools: t.operationCount,
      t,
    });
  }
  return out;
}

describe("OpenCode's database (opencode.db)", () => {
  it("finds its top-level sessions, the sub-agent's folded into its parent, and reads what the fixture holds", async () => {
    const sessions = await parsed(dataFolder("db-only", false));
    expect(sessions.map((s) => [s.label, s.subagents, s.format, s.errors, s.project, s.prompts, s.tools])).toEqual([
      ["opencode.db/ses_3a1f0c2e6ffeAbCdEfGhIjKl04", 0, "opencode", 0, "notes", 1, 1],
      ["opencode.db/ses_3a1f0c2e7ffeAbCdEfGhIjKl03", 0, "opencode", 0, "blog", 1, 0],
      ["opencode.db/ses_3a1f0c2e9ffeAbCdEfGhIjKl01", 1, "opencode", 0, "shop", 2, 9],
    ]);
    const shop = sessions[2]!.t;
    expect(shop.toolBreakdown).toEqual({ Read: 2, Bash: 2, Task: 1, Edit: 1, Write: 1, Grep: 1, Glob: 1 });
    expect(shop.subagents.map((s) => [s.agentId, s.operationCount])).toEqual([["ses_3a1f0c2e8ffeAbCdEfGhIjKl02", 3]]);
    expect(shop.events).toEqual({ interruptions: 1, rejectedToolCalls: 1, apiErrors: 0 });
    expect(shop.tokens).toEqual({ input: 2600, output: 660, cacheRead: 5000, cacheCreation: 500 });
    expect(JSON.stringify(shop)).not.toContain("ghp_Zx9Yw8Vu7Ts6Rq5Po4Nm3Lk2Ji1Hg0FeDcBa");
    expect(sessions[0]!.t.toolBreakdown).toEqual({ Bash: 1 });
  });

  it("builds the same session from the database as from the storage folder", async () => {
    const fromDb = (await parsed(dataFolder("same", false))).find((s) => s.id === "ses_3a1f0c2e9ffeAbCdEfGhIjKl01")!.t;
    const fromStorage = (await parsed(path.resolve("test/fixtures/opencode"))).find(
      (s) => s.id === "ses_3a1f0c2e9ffeAbCdEfGhIjKl01",
    )!.t;
    expect([fromDb.prompts, fromDb.operations, fromDb.tokensByModel, fromDb.filesModified]).toEqual([
      fromStorage.prompts,
      fromStorage.operations,
      fromStorage.tokensByModel,
      fromStorage.filesModified,
    ]);
  });

  it("sends a session kept in both the database and the storage folder once, from the database", async () => {
    const sessions = await parsed(dataFolder("both", true));
    expect(sessions.map((s) => s.label)).toEqual([
      "opencode.db/ses_3a1f0c2e6ffeAbCdEfGhIjKl04",
      "opencode.db/ses_3a1f0c2e7ffeAbCdEfGhIjKl03",
      "opencode.db/ses_3a1f0c2e9ffeAbCdEfGhIjKl01",
    ]);
  });

  it("still sends the storage folder's sessions the database does not hold", async () => {
    const dir = dataFolder("partial", true);
    const db = new Database(path.join(dir, "opencode.db"));
    db.prepare("DELETE FROM part WHERE session_id = ?").run("ses_3a1f0c2e7ffeAbCdEfGhIjKl03");
    db.prepare("DELETE FROM message WHERE session_id = ?").run("ses_3a1f0c2e7ffeAbCdEfGhIjKl03");
    db.prepare("DELETE FROM session WHERE id = ?").run("ses_3a1f0c2e7ffeAbCdEfGhIjKl03");
    db.close();
    expect((await parsed(dir)).map((s) => s.label)).toEqual([
      "opencode.db/ses_3a1f0c2e6ffeAbCdEfGhIjKl04",
      "opencode.db/ses_3a1f0c2e9ffeAbCdEfGhIjKl01",
      "session/prj_blog/ses_3a1f0c2e7ffeAbCdEfGhIjKl03.json",
    ]);
  });

  it("opens the database read-only: it is not changed, and a locked one is waited for, then reported when sent", async () => {
    const dir = dataFolder("locked", false);
    const file = path.join(dir, "opencode.db");
    const before = fs.readFileSync(file);
    await parsed(dir);
    expect(fs.readFileSync(file).equals(before)).toBe(true);

    const writer = new Database(file);
    writer.exec("BEGIN EXCLUSIVE");
    const found = await opencode.find(dir);
    writer.exec("ROLLBACK");
    writer.close();
    expect(found!.groups.map((g) => [g.label, g.session])).toEqual([["opencode.db", false]]);
    await expect(readFound(found!.groups[0]!.files[0]!)).rejects.toThrow(
      /opencode\.db could not be read .*run the import again when OpenCode is idle/,
    );
  });
});
