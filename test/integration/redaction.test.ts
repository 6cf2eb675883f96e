import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { getDb, isPostgres } from "@/db/client";
import { postgresStoredBytes } from "./support/stored-values";
import { postFiles } from "./ingest-client";

const AWS_KEY = "AKIAZ7QWERTY12345678";
const GITHUB_TOKEN = "ghp_R8xk2Lm9Qp4Zt7Vw1Yb3Nc6Hd5Fg0Js2Ka9P";
const PRIVATE = "the launch codes are 0000 and nobody may know";

const SESSION = "5ec12e75-0000-4000-8000-00000000abcd";
const base = {
  sessionId: SESSION,
  cwd: "/home/dev/secret-app",
  gitBranch: "main",
  version: "2.0.55",
  isSidechain: false,
  userType: "external",
};

const lines = [
  {
    ...base,
    type: "user",
    uuid: "u1",
    parentUuid: null,
    timestamp: "2026-11-20T10:00:00.000Z",
    message: { role: "user", content: `Deploy with key ${AWS_KEY}. <private>${PRIVATE}</private>` },
  },
  {
    ...base,
    type: "assistant",
    uuid: "a1",
    parentUuid: "u1",
    timestamp: "2026-11-20T10:00:05.000Z",
    requestId: "req_1",
    message: {
      id: "msg_1",
      role: "assistant",
      model: "claude-sonnet-4-5",
      content: [
        {
          type: "tool_use",
          id: "tu_1",
          name: "Bash",
          input: { command: `GITHUB_TOKEN=${GITHUB_TOKEN} gh release create v1` },
        },
      ],
      usage: { input_tokens: 10, output_tokens: 5 },
    },
  },
  {
    ...base,
    type: "user",
    uuid: "u2",
    parentUuid: "a1",
    timestamp: "2026-11-20T10:00:09.000Z",
    message: {
      role: "user",
      content: [{ type: "tool_result", tool_use_id: "tu_1", content: `released with ${GITHUB_TOKEN}` }],
    },
  },
];

/**
 * Every value of every row of every table of the test's database, blobs included, as one string: read from the
 * SQLite file itself, or on PostgreSQL from every table of the schema (postgresStoredBytes).
 */
async function everythingStored(): Promise<string> {
  const stored = getDb();
  if (isPostgres(stored)) return (await postgresStoredBytes(stored)).toString("utf8");
  const db = new Database(process.env.STARLIGHT_DB!, { readonly: true });
  const tables = db.prepare(`SELECT name FROM sqlite_master WHERE type = 'table'`).pluck().all() as string[];
  const parts: string[] = [];
  for (const table of tables) {
    for (const row of db.prepare(`SELECT * FROM "${table}"`).raw().all() as unknown[][]) {
      for (const value of row) parts.push(Buffer.isBuffer(value) ? value.toString("latin1") : String(value));
    }
  }
  db.close();
  return parts.join("\n");
}

describe("secrets are redacted before anything is stored", () => {
  it("a transcript with an AWS key, a GitHub token and a <private> block stores none of them", async () => {
    const { status, body } = await postFiles([
      { name: `-home-dev-secret-app/${SESSION}.jsonl`, content: lines.map((l) => JSON.stringify(l)).join("\n") },
    ]);
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.files[0]!.sessions).toHaveLength(1);

    const stored = await everythingStored();
    expect(stored).toContain("gh release create v1");
    for (const secret of [AWS_KEY, GITHUB_TOKEN, PRIVATE, "launch codes"]) {
      expect(stored).not.toContain(secret);
      expect(stored.toLowerCase()).not.toContain(secret.toLowerCase());
    }
    expect(stored).toContain("[REDACTED:");
    // The prompt and the command's output are kept for the session page and search: redacted like the rest.
    expect(stored).toMatch(/"text":"Deploy with key \[REDACTED:[^"]*\]/);
    expect(stored).toMatch(/\nreleased with \[REDACTED:[^\n]*\]\n/);
  });
});
