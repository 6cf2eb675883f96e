import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import type { FileGroup } from "./files";

/*
 * Current OpenCode versions keep sessions in one SQLite database, `opencode.db` in its data folder
 * (`$XDG_DATA_HOME/opencode`, packages/opencode/src/storage/db.ts in anomalyco/opencode), tables from
 * packages/opencode/src/session/session.sql.ts: `session` (Session.Info as columns: `id`, `project_id`, `parent_id`,
 * `slug`, `directory`, `title`, `version`, `time_created`, `time_updated`, ...), `message` (`id`, `session_id`,
 * `time_created`, `data`: MessageV2.Info without id and sessionID) and `part` (`id`, `message_id`, `session_id`,
 * `time_created`, `data`: MessageV2.Part without id, sessionID and messageID). Each session becomes the document
 * `opencode export` prints, with its sub-agents' sessions as `children`, like the storage folder's (opencode.ts).
 * The database is opened read-only while OpenCode may be writing it; this module is loaded only when a data folder
 * holds one, so nothing else loads the SQLite driver.
 */

export const OPENCODE_DB = "opencode.db";

interface SessionRow {
  id: string;
  project_id: string;
  parent_id: string | null;
  slug: string | null;
  directory: string | null;
  title: string | null;
  version: string | null;
  time_created: number;
  time_updated: number;
}

interface DataRow {
  id: string;
  data: string;
}

const BUSY_TRIES = 3;
const BUSY_WAIT_MS = 200;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const isBusy = (error: unknown) =>
  typeof error === "object" &&
  error !== null &&
  ["SQLITE_BUSY", "SQLITE_LOCKED"].includes(String((error as { code?: unknown }).code));

/** `read` on the database opened read-only, retried briefly while OpenCode holds a lock; the last refusal is thrown. */
async function withDb<T>(file: string, read: (db: Database.Database) => T): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      const db = new Database(file, { readonly: true, fileMustExist: true, timeout: BUSY_WAIT_MS });
      try {
        return read(db);
      } finally {
        db.close();
      }
    } catch (error) {
      if (!isBusy(error) || attempt >= BUSY_TRIES) throw error;
      await sleep(BUSY_WAIT_MS);
    }
  }
}

const parse = (text: string): Record<string, unknown> => {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === "object" && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
};

/** Session.Info from its row, as `opencode export` prints it. */
function sessionInfo(row: SessionRow): Record<string, unknown> {
  const info: Record<string, unknown> = {
    id: row.id,
    slug: row.slug,
    projectID: row.project_id,
    directory: row.directory,
    title: row.title,
    version: row.version,
    time: { created: row.time_created, updated: row.time_updated },
  };
  if (row.parent_id) info.parentID = row.parent_id;
  return info;
}

function sessionDocument(
  db: Database.Database,
  row: SessionRow,
  children: Map<string, SessionRow[]>,
): Record<string, unknown> {
  const messages = db
    .prepare<[string], DataRow>("SELECT id, data FROM message WHERE session_id = ? ORDER BY time_created, id")
    .all(row.id);
  const parts = db.prepare<[string], DataRow>("SELECT id, data FROM part WHERE message_id = ? ORDER BY id");
  const doc: Record<string, unknown> = {
    info: sessionInfo(row),
    messages: messages.map((m) => ({
      info: { ...parse(m.data), id: m.id, sessionID: row.id },
      parts: parts.all(m.id).map((p) => ({ ...parse(p.data), id: p.id, sessionID: row.id, messageID: m.id })),
    })),
  };
  const kids = children.get(row.id) ?? [];
  if (kids.length > 0) doc.children = kids.map((k) => sessionDocument(db, k, children));
  return doc;
}

interface Sizes {
  session_id: string;
  bytes: number;
}

/**
 * The top-level sessions of `<dir>/opencode.db` (null when there is none), each one group named
 * `opencode.db/<sessionID>`, built when it is sent, its size the bytes of its and its sub-agents' messages and parts
 * and its time their last update; `ids` are every session in it, sub-agents' included.
 */
export async function openCodeDbSessions(dir: string): Promise<{ groups: FileGroup[]; ids: Set<string> } | null> {
  const file = path.join(dir, OPENCODE_DB);
  const stat = await fs.promises.lstat(file).catch(() => null);
  if (!stat?.isFile()) return null;
  const { rows, sizes } = await withDb(file, (db) => ({
    rows: db
      .prepare<[], SessionRow>(
        "SELECT id, project_id, parent_id, slug, directory, title, version, time_created, time_updated FROM session ORDER BY id",
      )
      .all(),
    sizes: db
      .prepare<[], Sizes>(
        "SELECT session_id, sum(bytes) AS bytes FROM (SELECT session_id, length(data) AS bytes FROM message UNION ALL SELECT session_id, length(data) FROM part) GROUP BY session_id",
      )
      .all(),
  }));
  const bytes = new Map(sizes.map((s) => [s.session_id, s.bytes]));
  const ids = new Set(rows.map((r) => r.id));
  const children = new Map<string, SessionRow[]>();
  for (const r of rows)
    if (r.parent_id && ids.has(r.parent_id)) children.set(r.parent_id, [...(children.get(r.parent_id) ?? []), r]);
  const family = (r: SessionRow): SessionRow[] => [r, ...(children.get(r.id) ?? []).flatMap(family)];
  const groups: FileGroup[] = rows
    .filter((r) => !(r.parent_id && ids.has(r.parent_id)))
    .map((r) => {
      const name = `${OPENCODE_DB}/${r.id}`;
      const size = family(r).reduce((n, s) => n + (bytes.get(s.id) ?? 0), 0);
      const mtimeMs = Math.max(...family(r).map((s) => s.time_updated));
      const read = async () =>
        Buffer.from(JSON.stringify(await withDb(file, (db) => sessionDocument(db, r, children))));
      return {
        label: name,
        files: [{ path: file, name, size, mtimeMs, read }],
        subagents: (children.get(r.id) ?? []).length,
        session: true,
      };
    });
  return { groups, ids };
}
