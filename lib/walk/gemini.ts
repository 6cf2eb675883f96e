import path from "node:path";
import { detectRecord } from "../ingest/detect";
import { geminiParentSession, geminiSessionFiles } from "../ingest/gemini/files";
import type { AgentEntry, Found } from "./agent";
import { firstRecords, foundAll, foundFile, isRealDir, listDir, relativeName, type FileGroup } from "./files";

/*
 * Gemini CLI keeps `~/.gemini/tmp/<project>/chats/session-*.jsonl` (older versions one `session-*.json`), and a
 * sub-agent's `chats/<parentSessionId>/<id>.jsonl`. Names are sent relative to `tmp/`, since the server reads the
 * project from the folder above `chats` (lib/ingest/gemini/files.ts). Each file travels alone; the server folds a
 * sub-agent's chat into its session whichever arrives first.
 */

/** The `tmp` folder: `~/.gemini` enters it by name; a folder that holds `<project>/chats/` is taken as it is. */
async function tmpFolder(dir: string): Promise<string> {
  const tmp = path.join(dir, "tmp");
  return (await isRealDir(tmp)) ? tmp : dir;
}

/** Every file in `<project>/chats/` and one folder below it (sub-agents), by the walking policy, relative to `root`. */
async function chatFiles(root: string): Promise<string[]> {
  const names: string[] = [];
  for (const project of await listDir(root)) {
    const chats = path.join(root, project.name, "chats");
    if (!project.isDirectory() || !(await isRealDir(chats))) continue;
    for (const entry of await listDir(chats)) {
      const full = path.join(chats, entry.name);
      if (entry.isFile()) names.push(relativeName(root, full));
      else if (entry.isDirectory())
        for (const sub of await listDir(full))
          if (sub.isFile()) names.push(relativeName(root, path.join(full, sub.name)));
    }
  }
  return names;
}

export const gemini: AgentEntry = {
  kind: "gemini-tmp",
  name: "Gemini CLI",
  expects: "Gemini CLI sessions (~/.gemini/tmp/<project>/chats/session-*.jsonl)",
  home: ".gemini",
  async find(dir: string): Promise<Found | null> {
    const root = await tmpFolder(dir);
    const groups: FileGroup[] = [];
    for (const name of geminiSessionFiles(await chatFiles(root))) {
      const file = await foundFile(root, path.join(root, name));
      const sub = geminiParentSession(file?.name) !== null;
      if (file) groups.push({ label: file.name, files: [file], subagents: sub ? 1 : 0, session: !sub });
    }
    const lines = groups.find((g) => g.files[0]!.name.endsWith(".jsonl"))?.files[0];
    if (groups.length === 0 || (lines && !(await firstRecords(lines.path)).some((r) => detectRecord(r) === "gemini")))
      return null;
    return { kind: "gemini-tmp", dir, root, folders: [], groups };
  },
  /**
   * The chat, named from the folder above its `<project>/chats/` (so the server reads the project from the name,
   * as for an import of `~/.gemini`), with the sub-agent chats of `chats/<sessionId>/`.
   */
  async hookSession(transcript: string, sessionId: string): Promise<FileGroup | null> {
    const chats = path.dirname(path.resolve(transcript));
    if (path.basename(chats) !== "chats" || !(await firstRecords(transcript)).some((r) => detectRecord(r) === "gemini"))
      return null;
    const root = path.dirname(path.dirname(chats));
    const main = await foundFile(root, transcript, true);
    if (!main) return null;
    const agents = path.join(chats, sessionId);
    const subagents = (await isRealDir(agents))
      ? await foundAll(
          root,
          agents,
          (await listDir(agents)).filter((e) => e.isFile()).map((e) => e.name),
        )
      : [];
    return { label: main.name, files: [main, ...subagents], subagents: subagents.length, session: true };
  },
};
