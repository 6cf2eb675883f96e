import type { FileGroup } from "./files";
import type { SourceKind } from "./kinds";

/** What an agent's entry found in a folder: its sessions' files, grouped as they must travel. */
export interface Found {
  kind: SourceKind;
  /** The folder the sessions were found in: the folder named, or the agent's folder inside it. */
  dir: string;
  /** The folder the files' names are relative to (what the server reads projects and sessions from). */
  root: string;
  /** Project folders walked (Claude Code's `<folder>`s); empty for an agent whose files name no project folder. */
  folders: string[];
  groups: FileGroup[];
}

/**
 * One agent in the walker's registry (agents.ts). Adding an agent means a parser in lib/ingest and one entry:
 * `find` recognises the agent's folder in what the user named (its root, or a folder of it) by layout and a
 * cheap look at the content, and lists its session files under the policy of files.ts.
 */
export interface AgentEntry {
  /** The kind stored for a server-side folder of this agent. */
  kind: SourceKind;
  /** The agent's name, as shown to the user. */
  name: string;
  /** What its history looks like, for "found no sessions" messages. */
  expects: string;
  /** Where the agent keeps its history by default, relative to the home folder (what `starlight import` with no folder looks in). */
  home: string | null;
  /** Where it keeps its history under `$XDG_DATA_HOME` (default `~/.local/share`), when it follows that; then `home` is the default. */
  xdgData?: string;
  /** The agent's sessions in `dir`; null when `dir` holds none of this agent's. */
  find(dir: string): Promise<Found | null>;
  /**
   * The files of the one session a hook names (`transcript_path`, `session_id`), named as `find` names them, when
   * the transcript is this agent's; null otherwise, and for an agent without hooks.
   */
  hookSession(transcript: string, sessionId: string): Promise<FileGroup | null>;
}
