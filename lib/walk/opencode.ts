import fs from "node:fs";
import path from "node:path";
import type { AgentEntry, Found } from "./agent";
import { foundAll, isRealDir, listDir, relativeName, type FileGroup, type FoundFile } from "./files";

/*
 * OpenCode keeps each session in several JSON files under `$XDG_DATA_HOME/opencode/storage` (default
 * `~/.local/share/opencode/storage`): `session/<projectID>/<sessionID>.json` (Session.Info), `message/<sessionID>/
 * <messageID>.json` (a message's info) and `part/<messageID>/<partID>.json` (its text, tool calls, step tokens).
 * A session travels as one document, `{info, messages: [{info, parts}]}` as `opencode export` prints it, built here
 * when it is sent, with the sessions it started (a sub-agent's Session.Info names its `parentID`) as `children`.
 * Newer versions keep them in `opencode.db` in the data folder instead (opencode-db.ts, loaded only when the file is
 * there); a session in both (OpenCode copies the storage folder into the database once) is sent once, from the
 * database.
 */

interface Stored {
  info: { id: string; parentID?: string };
  file: FoundFile;
}

async function readJson(file: string): Promise<unknown> {
  try {
    return JSON.parse(await fs.promises.readFile(file, "utf8"));
  } catch {
    return null;
  }
}

const isSessionInfo = (v: unknown): v is Stored["info"] =>
  typeof v === "object" && v !== null && typeof (v as { id?: unknown }).id === "string";

/** The JSON files of a folder, by name (OpenCode's ids sort in the order they were made). */
async function jsonFiles(root: string, dir: string): Promise<FoundFile[]> {
  const names = (await listDir(dir)).filter((e) => e.isFile() && e.name.endsWith(".json")).map((e) => e.name);
  return foundAll(root, dir, names);
}

/** A session's messages with their parts, as `opencode export` lists them. */
async function messagesOf(
  root: string,
  sessionId: string,
): Promise<{ files: FoundFile[]; read: () => Promise<unknown[]> }> {
  const messages = await jsonFiles(root, path.join(root, "message", sessionId));
  const parts = new Map<string, FoundFile[]>();
  for (const m of messages)
    parts.set(m.path, await jsonFiles(root, path.join(root, "part", path.basename(m.path, ".json"))));
  const files = [...messages, ...[...parts.values()].flat()];
  const read = async () => {
    const out: unknown[] = [];
    for (const m of messages)
      out.push({
        info: await readJson(m.path),
        parts: await Promise.all((parts.get(m.path) ?? []).map((p) => readJson(p.path))),
      });
    return out;
  };
  return { files, read };
}

/** The session's document, built from its files and its children's (at any depth) when read. */
async function document(
  root: string,
  session: Stored,
  children: Map<string, Stored[]>,
): Promise<{ files: FoundFile[]; read: () => Promise<unknown> }> {
  const own = await messagesOf(root, session.info.id);
  const kids = await Promise.all((children.get(session.info.id) ?? []).map((c) => document(root, c, children)));
  const files = [session.file, ...own.files, ...kids.flatMap((k) => k.files)];
  const read = async () => {
    const doc: Record<string, unknown> = { info: await readJson(session.file.path), messages: await own.read() };
    if (kids.length > 0) doc.children = await Promise.all(kids.map((k) => k.read()));
    return doc;
  };
  return { files, read };
}

/** `storage/` inside OpenCode's data folder, or the folder itself when it is the storage folder. */
async function storageFolder(dir: string): Promise<string> {
  const storage = path.join(dir, "storage");
  return (await isRealDir(storage)) ? storage : dir;
}

/** The database's sessions, or when it cannot be read (OpenCode holding it locked past the retries), one group that says so when sent. */
async function databaseSessions(dir: string): Promise<{ groups: FileGroup[]; ids: Set<string> }> {
  const file = path.join(dir, "opencode.db");
  if (
    !(await fs.promises.lstat(file).then(
      (s) => s.isFile(),
      () => false,
    ))
  )
    return { groups: [], ids: new Set() };
  try {
    const { openCodeDbSessions } = await import("./opencode-db");
    return (await openCodeDbSessions(dir)) ?? { groups: [], ids: new Set() };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const read = () =>
      Promise.reject(
        new Error(
          `OpenCode's database ${file} could not be read (${reason}): skipped, run the import again when OpenCode is idle`,
        ),
      );
    return {
      groups: [
        {
          label: "opencode.db",
          files: [{ path: file, name: "opencode.db", size: 0, mtimeMs: 0, read }],
          subagents: 0,
          session: false,
        },
      ],
      ids: new Set(),
    };
  }
}

export const opencode: AgentEntry = {
  kind: "opencode-storage",
  name: "OpenCode",
  expects: "OpenCode sessions ($XDG_DATA_HOME/opencode/opencode.db, or storage/session/<project>/ses_*.json)",
  home: ".local/share/opencode",
  xdgData: "opencode",
  async find(dir: string): Promise<Found | null> {
    const database = await databaseSessions(dir);
    const root = await storageFolder(dir);
    const sessions: Stored[] = [];
    const hasStorage = (await isRealDir(path.join(root, "session"))) && (await isRealDir(path.join(root, "message")));
    for (const project of hasStorage ? await listDir(path.join(root, "session")) : []) {
      if (!project.isDirectory()) continue;
      for (const file of await jsonFiles(root, path.join(root, "session", project.name))) {
        const info = await readJson(file.path);
        if (isSessionInfo(info) && !database.ids.has(info.id)) sessions.push({ info, file });
      }
    }
    const ids = new Set(sessions.map((s) => s.info.id));
    const children = new Map<string, Stored[]>();
    for (const s of sessions)
      if (s.info.parentID && ids.has(s.info.parentID))
        children.set(s.info.parentID, [...(children.get(s.info.parentID) ?? []), s]);
    const groups: FileGroup[] = [...database.groups];
    for (const s of sessions) {
      if (s.info.parentID && ids.has(s.info.parentID)) continue;
      const doc = await document(root, s, children);
      const size = doc.files.reduce((n, f) => n + f.size, 0);
      const mtimeMs = Math.max(...doc.files.map((f) => f.mtimeMs));
      const file: FoundFile = {
        path: s.file.path,
        name: relativeName(root, s.file.path),
        size,
        mtimeMs,
        read: async () => Buffer.from(JSON.stringify(await doc.read())),
      };
      groups.push({
        label: file.name,
        files: [file],
        subagents: (children.get(s.info.id) ?? []).length,
        session: true,
      });
    }
    if (groups.length === 0) return null;
    return { kind: "opencode-storage", dir, root, folders: [], groups };
  },
  async hookSession(): Promise<FileGroup | null> {
    return null;
  },
};
