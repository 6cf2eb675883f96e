import path from "node:path";
import { antigravityConversation } from "../ingest/antigravity/steps";
import { detectRecord } from "../ingest/detect";
import type { AgentEntry, Found } from "./agent";
import { firstRecords, foundFile, isRealDir, listDir, type FileGroup } from "./files";

/*
 * Antigravity CLI keeps each conversation's readable transcript at `~/.gemini/antigravity-cli/brain/<conversationId>/
 * .system_generated/logs/transcript_full.jsonl` (its `conversations/<id>.db` holds the same steps as protobuf).
 * Names are sent relative to `antigravity-cli/`, since the conversation's id is only its folder's name.
 */
const TRANSCRIPT = [".system_generated", "logs", "transcript_full.jsonl"];

/** The `antigravity-cli` folder: `~/.gemini` enters it by name; else the folder itself. */
async function cliFolder(dir: string): Promise<string> {
  const inside = path.join(dir, "antigravity-cli");
  return (await isRealDir(inside)) ? inside : dir;
}

export const antigravity: AgentEntry = {
  kind: "antigravity-brain",
  name: "Antigravity CLI",
  expects: "Antigravity CLI transcripts (~/.gemini/antigravity-cli/brain/<id>/.system_generated/logs/transcript_full.jsonl)",
  home: ".gemini/antigravity-cli",
  async find(dir: string): Promise<Found | null> {
    const root = await cliFolder(dir);
    const brain = path.join(root, "brain");
    if (!(await isRealDir(brain))) return null;
    const groups: FileGroup[] = [];
    for (const entry of await listDir(brain)) {
      if (!entry.isDirectory()) continue;
      // `.system_generated` is entered by name, never found by listing (the walking policy, files.ts).
      const file = await foundFile(root, path.join(brain, entry.name, ...TRANSCRIPT));
      if (file) groups.push({ label: file.name, files: [file], subagents: 0, session: true });
    }
    const first = groups[0]?.files[0];
    if (!first || !(await firstRecords(first.path)).some((r) => detectRecord(r) === "antigravity")) return null;
    return { kind: "antigravity-brain", dir, root, folders: [], groups };
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
