import fs from "node:fs";
import path from "node:path";
import { antigravityConversation, readSteps, subagentConversations } from "../ingest/antigravity/steps";
import { detectRecord } from "../ingest/detect";
import type { AgentEntry, Found } from "./agent";
import { firstRecords, foundFile, isRealDir, listDir, type FileGroup, type FoundFile } from "./files";

/*
 * Antigravity CLI keeps each conversation's readable transcript at `~/.gemini/antigravity-cli/brain/<conversationId>/
 * .system_generated/logs/transcript_full.jsonl` (its `conversations/<id>.db` holds the same steps as protobuf).
 * Names are sent relative to `antigravity-cli/`, since the conversation's id is only its folder's name. A sub-agent
 * (`invoke_subagent`) runs as a conversation of its own, which only its parent's INVOKE_SUBAGENT step names: a
 * conversation that started some is sent as one document, `{antigravityConversation, steps, children}`, with
 * theirs folded in (at any depth), and they are not sent alone.
 */
const TRANSCRIPT = [".system_generated", "logs", "transcript_full.jsonl"];

/** The `antigravity-cli` folder: `~/.gemini` enters it by name; else the folder itself. */
async function cliFolder(dir: string): Promise<string> {
  const inside = path.join(dir, "antigravity-cli");
  return (await isRealDir(inside)) ? inside : dir;
}

/** A transcript's lines as JSON values (a line that is not JSON is kept as its text, which the parser reports). */
function linesOf(text: string): unknown[] {
  return text
    .split("\n")
    .filter((l) => l.trim() !== "")
    .map((l) => {
      try {
        return JSON.parse(l) as unknown;
      } catch {
        return l;
      }
    });
}

async function lines(file: string): Promise<unknown[]> {
  return linesOf(await fs.promises.readFile(file, "utf8").catch(() => ""));
}

/** The conversations each transcript's sub-agents ran, among those found (a transcript that names none is not read whole). */
async function subagentsOf(files: Map<string, FoundFile>): Promise<Map<string, string[]>> {
  const children = new Map<string, string[]>();
  for (const [id, file] of files) {
    const text = await fs.promises.readFile(file.path, "utf8").catch(() => "");
    if (!text.includes("INVOKE_SUBAGENT")) continue;
    const records = linesOf(text).map((value, i) => ({ line: i + 1, value }));
    const found = subagentConversations(readSteps(records).steps).filter((c) => c !== id && files.has(c));
    if (found.length > 0) children.set(id, found);
  }
  return children;
}

/** The document of a conversation with its sub-agents' (`seen` stops a loop), and the files it is built from. */
function conversation(
  id: string,
  files: Map<string, FoundFile>,
  children: Map<string, string[]>,
  seen: Set<string>,
): { files: FoundFile[]; read: () => Promise<unknown> } {
  seen.add(id);
  const kids = (children.get(id) ?? []).filter((c) => !seen.has(c)).map((c) => conversation(c, files, children, seen));
  const own = files.get(id)!;
  return {
    files: [own, ...kids.flatMap((k) => k.files)],
    read: async () => ({
      antigravityConversation: id,
      steps: await lines(own.path),
      children: await Promise.all(kids.map((k) => k.read())),
    }),
  };
}

/** One group per conversation no other started; one that started sub-agents travels as one document holding theirs. */
async function conversationGroups(files: Map<string, FoundFile>): Promise<FileGroup[]> {
  const children = await subagentsOf(files);
  const started = new Set([...children.values()].flat());
  const groups: FileGroup[] = [];
  for (const [id, file] of files) {
    if (started.has(id)) continue;
    if (!children.has(id)) {
      groups.push({ label: file.name, files: [file], subagents: 0, session: true });
      continue;
    }
    const doc = conversation(id, files, children, new Set());
    const size = doc.files.reduce((n, f) => n + f.size, 0);
    const mtimeMs = Math.max(...doc.files.map((f) => f.mtimeMs));
    const read = async () => Buffer.from(JSON.stringify(await doc.read()));
    groups.push({
      label: file.name,
      files: [{ ...file, size, mtimeMs, read }],
      subagents: doc.files.length - 1,
      session: true,
    });
  }
  return groups;
}

export const antigravity: AgentEntry = {
  kind: "antigravity-brain",
  name: "Antigravity CLI",
  expects:
    "Antigravity CLI transcripts (~/.gemini/antigravity-cli/brain/<id>/.system_generated/logs/transcript_full.jsonl)",
  home: ".gemini/antigravity-cli",
  async find(dir: string): Promise<Found | null> {
    const root = await cliFolder(dir);
    const brain = path.join(root, "brain");
    if (!(await isRealDir(brain))) return null;
    const files = new Map<string, FoundFile>();
    for (const entry of await listDir(brain)) {
      if (!entry.isDirectory()) continue;
      // `.system_generated` is entered by name, never found by listing (the walking policy, files.ts).
      const file = await foundFile(root, path.join(brain, entry.name, ...TRANSCRIPT));
      if (file) files.set(entry.name, file);
    }
    const first = files.values().next().value;
    if (!first || !(await firstRecords(first.path)).some((r) => detectRecord(r) === "antigravity")) return null;
    return { kind: "antigravity-brain", dir, root, folders: [], groups: await conversationGroups(files) };
  },
  /** The transcript alone, named from the folder above its `brain/`, as an import of `~/.gemini/antigravity-cli` names it. */
  async hookSession(transcript: string): Promise<FileGroup | null> {
    const resolved = path.resolve(transcript);
    const parts = resolved.split(path.sep);
    const at = parts.lastIndexOf("brain");
    if (at < 1 || antigravityConversation(parts.slice(at).join("/")) === null) return null;
    const file = await foundFile(parts.slice(0, at).join(path.sep), resolved, true);
    return file ? { label: file.name, files: [file], subagents: 0, session: true } : null;
  },
};
