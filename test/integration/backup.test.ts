import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import { isDeepStrictEqual } from "node:util";
import Database from "better-sqlite3";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { GET } from "@/app/api/v1/backup/route";
import { POST as ingest } from "@/app/api/v1/ingest/route";
import { POST as addMemory } from "@/app/api/v1/memories/route";
import { POST as addToken } from "@/app/api/v1/tokens/route";
import { POST as addUser } from "@/app/api/v1/users/route";
import { getDb, openDb, sqliteOf } from "@/db/client";
import { generateAcosTrajectories, toJsonl } from "@/test/factories/generate/acos";
import { startSignIn } from "@/lib/server/auth/accounts";
import { issueToken } from "@/lib/server/auth/issue-token";
import { SIGN_IN_COOKIE } from "@/lib/server/auth/sign-in-cookie";
import { postFiles, postRaw } from "./ingest-client";
import { browserRequest, seedAdmin } from "./support/auth";
import { cliHome, removeCliHomes, runCli } from "./support/run-cli";
import { tableDigests, type TableDigests } from "./support/table-digest";

const API = "http://localhost:3000/api/v1";
const TRANSCRIPT = "-Users-chip-dev-ai-music/fed8ce56-bc79-401f-a83e-af084253362f.jsonl";
/** The route records the download after taking the snapshot, so the snapshot cannot hold that row. */
// The download's own audit entry comes after the snapshot: leave it, and the audit log's autoincrement counter, out.
// Each request takes a token from its rate limit's bucket before its upload's transaction, a write of its own
// between the recorded states: the buckets are left out too.
const BEFORE_DOWNLOAD = {
  audit_log: "action <> 'backup.download'",
  sqlite_sequence: "name <> 'audit_log'",
  rate_limit_buckets: "0",
};

const work = fs.mkdtempSync(path.join(os.tmpdir(), "starlight-backup-test-"));
const { home } = cliHome();
const liveFolder = () => path.dirname(path.resolve(process.env.STARLIGHT_DB!));
let adminId = 0;
let uploader = "";
let backupFile = "";

const json = (body: unknown): RequestInit => ({
  method: "POST",
  headers: { "content-type": "application/json" },
  body: JSON.stringify(body),
});
const adminCookie = async () => ({ cookie: `${SIGN_IN_COOKIE}=${await startSignIn(getDb(), adminId)}` });
const download = async (headers?: Record<string, string>, signal?: AbortSignal) =>
  GET(new Request(`${API}/backup`, { headers: headers ?? (await adminCookie()), signal }));
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Uploads generated sessions through the ingest route with the uploader's token. */
async function upload(round: number): Promise<void> {
  const body = toJsonl(generateAcosTrajectories({ seed: 1_000 + round, count: 20, idPrefix: `during-${round}` }));
  const response = await ingest(
    new Request(`${API}/ingest?project=during&name=during-${round}.jsonl`, {
      method: "POST",
      headers: bearer(uploader),
      body,
    }),
  );
  expect(response.status, await response.clone().text()).toBe(200);
}

async function save(response: Response, file: string): Promise<void> {
  await pipeline(Readable.fromWeb(response.body! as NodeReadableStream<Uint8Array>), fs.createWriteStream(file));
}

/** Opened for writing, though only read, so that closing it removes the -wal and -shm files it made. */
function digestsOf(file: string, where: Record<string, string> = {}): TableDigests {
  const db = new Database(file, { fileMustExist: true });
  try {
    expect(db.pragma("integrity_check", { simple: true })).toBe("ok");
    expect(db.pragma("foreign_key_check")).toEqual([]);
    return tableDigests(db, where);
  } finally {
    db.close();
  }
}

const restore = (file: string, target: string | null, env: Record<string, string> = {}) =>
  runCli(["restore", file, ...(target === null ? [] : ["--db", target])], { home, token: null, env });

/** Temp copies the route left in the live database's folder. */
const tempCopies = () => fs.readdirSync(liveFolder()).filter((name) => name.startsWith(".starlight-backup-"));

/** Temp copies this process still holds open (they are unlinked at once, so only the descriptors show them; Linux). */
function openCopies(): string[] {
  return fs.readdirSync("/proc/self/fd").flatMap((fd) => {
    try {
      const target = fs.readlinkSync(`/proc/self/fd/${fd}`);
      return target.includes(".starlight-backup-") ? [target] : [];
    } catch {
      return [];
    }
  });
}

/** Every file whose name starts with `target`'s, beside it (the kept databases, temp files). */
const besides = (target: string) =>
  fs
    .readdirSync(path.dirname(target))
    .filter((name) => name.startsWith(path.basename(target)))
    .sort();

beforeAll(async () => {
  const admin = await seedAdmin();
  adminId = admin.user.id;
  const acos = await postRaw(fs.readFileSync("test/fixtures/acos/trajectories.jsonl"), {
    project: "acos-fixtures",
    name: "trajectories.jsonl",
  });
  expect(acos.body.totals.accepted).toBeGreaterThan(0);
  const transcript = await postFiles([
    { name: TRANSCRIPT, content: fs.readFileSync(path.join("test/fixtures/claude-code", TRANSCRIPT)) },
  ]);
  expect(transcript.body.files[0]!.sessions).toHaveLength(1);
  // Enough rows for a backup of many steps, so the uploads below land between them.
  for (let batch = 0; batch < 12; batch++) {
    const bulk = await postRaw(
      toJsonl(generateAcosTrajectories({ seed: batch + 1, count: 500, idPrefix: `bulk-${batch}` })),
      { project: "bulk" },
    );
    expect(bulk.status).toBe(200);
  }
  expect(
    (
      await addMemory(
        await browserRequest(
          `${API}/memories`,
          json({ content: "Run the type checker before pushing", category: "insight", project: "acos-fixtures" }),
        ),
      )
    ).status,
  ).toBe(201);
  expect(
    (
      await addUser(
        await browserRequest(
          `${API}/users`,
          json({ email: "viewer@backup.test", name: "Viewer", password: "viewer password 123" }),
        ),
      )
    ).status,
  ).toBe(201);
  expect(
    (
      await addToken(
        await browserRequest(`${API}/tokens`, json({ name: "nightly backup", permissions: ["read"], projects: "all" })),
      )
    ).status,
  ).toBe(201);
  uploader = (
    await issueToken(getDb(), {
      userId: adminId,
      name: "uploads during the backup",
      permissions: ["ingest"],
      projectIds: null,
    })
  ).token;
  // Its first use records when it was last used; later uses within a minute write nothing more.
  await upload(-1);
});

afterAll(() => {
  removeCliHomes();
  fs.rmSync(work, { recursive: true, force: true });
});

describe("GET /api/v1/backup, then starlight restore", () => {
  it("downloads a consistent snapshot while uploads go on, and restore brings exactly that back", async () => {
    const headers = await adminCookie();
    // Uploads run one at a time, each writing in one transaction, so the database passes only through the
    // states recorded here (leaving out the route's own audit entry, written after the snapshot).
    const states = [tableDigests(sqliteOf(getDb()), BEFORE_DOWNLOAD)];
    let done = false;
    const pending = download(headers).finally(() => (done = true));
    for (let round = 0; !done && round < 100; round++) {
      // An upload handled in-process never waits for I/O: yield, as a server between requests, so a backup step runs.
      await new Promise((resolve) => setImmediate(resolve));
      await upload(round);
      states.push(tableDigests(sqliteOf(getDb()), BEFORE_DOWNLOAD));
    }
    const response = await pending;

    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/vnd.sqlite3");
    const name = /^attachment; filename="(starlight-\d{8}T\d{6}Z\.db)"$/.exec(
      response.headers.get("content-disposition") ?? "",
    )?.[1];
    expect(name).toBeDefined();
    backupFile = path.join(work, name!);
    await save(response, backupFile);
    const bytes = fs.statSync(backupFile).size;
    expect(Number(response.headers.get("content-length"))).toBe(bytes);
    expect(Number(response.headers.get("x-starlight-backup-bytes"))).toBe(bytes);
    expect(tempCopies()).toEqual([]);
    expect(openCopies()).toEqual([]);
    const logged = sqliteOf(getDb())
      .prepare("SELECT actor, target, detail FROM audit_log WHERE action = 'backup.download'")
      .all() as { actor: string; target: string; detail: string }[];
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ actor: "admin@starlight.test", target: name });
    expect(JSON.parse(logged[0]!.detail)).toMatchObject({ bytes });

    const target = path.join(work, "fresh", "starlight.db");
    const run = await restore(backupFile, target);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain(`Restored ${backupFile} to ${target}`);
    expect(run.stdout).toContain("there was no database there before");
    expect(besides(target)).toEqual(["starlight.db"]);
    expect(besides(backupFile)).toEqual([name]);

    const restored = digestsOf(target);
    const comparable = digestsOf(target, BEFORE_DOWNLOAD);
    const same = states.findIndex((state) => isDeepStrictEqual(state, comparable));
    if (same < 0)
      expect(comparable, "the snapshot is none of the states the database passed through").toEqual(states.at(-1));
    expect(same, "uploads committed between the backup's steps are in the snapshot").toBeGreaterThan(0);
    expect(restored.audit_log, "the snapshot holds no entry of its own download").toEqual(comparable.audit_log);
    for (const table of [
      "users",
      "api_tokens",
      "memories",
      "transcript_files",
      "sessions",
      "operations",
      "memories_fts_data",
    ]) {
      expect(restored[table]!.rows, table).toBeGreaterThan(0);
    }
  });

  it("the restored database opens in the app with what was seeded", async () => {
    const db = openDb(path.join(work, "fresh", "starlight.db"));
    try {
      const count = (sql: string) => (sqliteOf(db).prepare(sql).get() as { n: number }).n;
      expect(count("SELECT count(*) AS n FROM users WHERE email = 'viewer@backup.test'")).toBe(1);
      expect(count("SELECT count(*) AS n FROM api_tokens WHERE name = 'nightly backup'")).toBe(1);
      expect(count("SELECT count(*) AS n FROM memories_fts WHERE memories_fts MATCH 'checker'")).toBe(1);
      expect(count("SELECT count(*) AS n FROM sessions WHERE format = 'claude-code'")).toBe(1);
    } finally {
      await db.$executor.close();
    }
  });

  it("restoring over a database keeps it beside the restored one; STARLIGHT_DB names the target", async () => {
    const target = path.join(work, "over", "starlight.db");
    expect((await restore(backupFile, target)).code).toBe(0);
    const current = new Database(target);
    current.prepare("INSERT INTO projects (slug, name, created_at) VALUES ('after-backup', 'after-backup', 1)").run();
    current.close();
    const before = digestsOf(target);

    const run = await restore(backupFile, null, { STARLIGHT_DB: target });
    expect(run.code, run.stderr).toBe(0);
    const kept = /Kept the current database as (\S+\.before-restore-\d{8}T\d{6}Z)/.exec(run.stdout)?.[1];
    expect(kept).toMatch(/starlight\.db\.before-restore-\d{8}T\d{6}Z$/);
    expect(besides(target)).toEqual(["starlight.db", path.basename(kept!)]);
    expect(digestsOf(kept!)).toEqual(before);
    expect(digestsOf(target)).toEqual(digestsOf(backupFile));
  });
});

describe("starlight restore refuses", () => {
  const target = path.join(work, "refusals", "starlight.db");

  beforeAll(async () => {
    expect((await restore(backupFile, target)).code).toBe(0);
  });

  /** `beside`: the files expected beside the target afterwards (an open connection in WAL mode has its -wal and -shm). */
  async function refused(file: string, message: RegExp, beside = ["starlight.db"]): Promise<void> {
    const before = digestsOf(target);
    const run = await restore(file, target);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(message);
    expect(run.stdout).not.toContain("Restored");
    expect(besides(target)).toEqual(beside);
    expect(digestsOf(target)).toEqual(before);
  }

  it("a file that is not SQLite", async () => {
    await refused(
      path.resolve("test/fixtures/acos/trajectories.jsonl"),
      /trajectories\.jsonl is not a SQLite database/,
    );
  });

  it("a SQLite file that is not Starlight's", async () => {
    const other = path.join(work, "notes.db");
    const db = new Database(other);
    db.exec("CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT); INSERT INTO notes (body) VALUES ('hello')");
    db.close();
    await refused(
      other,
      /notes\.db is a SQLite database but not a Starlight one \(it has no __drizzle_migrations, projects/,
    );
  });

  it("a backup from a newer Starlight", async () => {
    const newer = path.join(work, "newer.db");
    fs.copyFileSync(backupFile, newer);
    const db = new Database(newer);
    db.prepare("INSERT INTO __drizzle_migrations (hash, created_at) VALUES ('future', ?)").run(
      Date.now() + 10 * 365 * 86_400_000,
    );
    db.close();
    await refused(newer, /comes from a newer Starlight/);
  });

  it("a target in use, even by an idle connection, until it is closed", async () => {
    const server = new Database(target);
    server.pragma("journal_mode = WAL");
    server.prepare("SELECT count(*) FROM projects").get();
    try {
      await refused(backupFile, /starlight\.db is in use: stop the Starlight server/, [
        "starlight.db",
        "starlight.db-shm",
        "starlight.db-wal",
      ]);
    } finally {
      server.close();
    }
    expect((await restore(backupFile, target)).code).toBe(0);
  });
});

describe("who may download a backup", () => {
  async function status(headers: Record<string, string>): Promise<number> {
    const response = await download(headers);
    await response.body?.cancel();
    return response.status;
  }

  it("answers 401 to anonymous callers and 403 to people who are not admins", async () => {
    expect(await status({})).toBe(401);
    const viewer = sqliteOf(getDb()).prepare("SELECT id FROM users WHERE email = 'viewer@backup.test'").get() as {
      id: number;
    };
    expect(await status({ cookie: `${SIGN_IN_COOKIE}=${await startSignIn(getDb(), viewer.id)}` })).toBe(403);
    expect(
      await status(
        bearer(
          (
            await issueToken(getDb(), {
              userId: viewer.id,
              name: "viewer all",
              permissions: ["read", "ingest"],
              projectIds: null,
            })
          ).token,
        ),
      ),
    ).toBe(403);
  });

  it("lets an admin's token that reads every project, not one limited to projects or that only uploads", async () => {
    const token = async (permissions: ("read" | "ingest")[], projectIds: number[] | null) =>
      bearer((await issueToken(getDb(), { userId: adminId, name: "t", permissions, projectIds })).token);
    const project = sqliteOf(getDb()).prepare("SELECT id FROM projects WHERE slug = 'bulk'").get() as { id: number };
    expect(await status(await token(["read"], null))).toBe(200);
    expect(await status(await token(["read", "ingest"], [project.id]))).toBe(403);
    expect(await status(await token(["ingest"], null))).toBe(403);
  });
});

describe("when the client goes away", () => {
  // The earlier tests' cancelled downloads close their copies asynchronously, and on a busy machine that can take
  // seconds: each test starts once every copy is closed, and waits (up to a minute) for its own to be closed.
  const allClosed = () => expect.poll(openCopies, { timeout: 60_000 }).toEqual([]);
  beforeEach(async () => {
    await allClosed();
  });

  it("mid-download, the temp copy's descriptor is closed (its file is already gone)", async () => {
    const response = await download();
    const reader = response.body!.getReader();
    expect((await reader.read()).done).toBe(false);
    expect(tempCopies()).toEqual([]);
    // On a busy machine a second descriptor of the copy was once seen here: wait for it to settle at one.
    await expect.poll(openCopies, { timeout: 60_000 }).toHaveLength(1);
    await reader.cancel();
    await allClosed();
  });

  it("before the snapshot is ready, it stops and leaves nothing behind", async () => {
    const controller = new AbortController();
    const pending = download(await adminCookie(), controller.signal);
    controller.abort();
    const response = await pending;
    expect(response.status).toBe(499);
    expect(tempCopies()).toEqual([]);
    await allClosed();
  });
});
