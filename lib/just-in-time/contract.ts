/**
 * Notes at tool calls (docs/just-in-time.md): what an agent's PreToolUse, PostToolUse and PostToolUseFailure hooks
 * send, read into one call, and the notes Starlight hands back from the project's accepted knowledge.
 */

export const JUST_IN_TIME_SETTINGS = ["on", "ask", "off"] as const;
/** on: the note is added as context and the call runs; ask: the user is asked first (Claude Code); off: no notes. */
export type JustInTimeSetting = (typeof JUST_IN_TIME_SETTINGS)[number];

/** Tools that edit a file, by the name each agent gives them. */
export const EDIT_TOOLS: ReadonlySet<string> = new Set([
  "Edit",
  "Write",
  "MultiEdit",
  "NotebookEdit",
  "apply_patch",
  "replace",
  "write_file",
]);
/** Tools that run a shell command, by the name each agent gives them. */
export const SHELL_TOOLS: ReadonlySet<string> = new Set([
  "Bash",
  "shell",
  "exec_command",
  "local_shell",
  "run_shell_command",
]);

/** One tool call as a hook reports it. */
export interface ToolCall {
  /** Before the call runs, or after it failed. */
  moment: "before" | "after";
  tool: string;
  /** The shell command (shell tools). */
  command: string | null;
  /** The file edited, relative to the session's folder when it lies inside it (edit tools). */
  file: string | null;
  /** The error text of a failed call (after). */
  error: string | null;
}

/** A note for the agent: the knowledge item it quotes and its line (Starlight's wording, evidence included). */
export interface Note {
  key: string;
  line: string;
}

/** The first line of every note: what follows is recorded data, not Starlight's instruction. */
export const NOTE_HEADER =
  "Starlight — data recorded from this project's sessions, quoted with its evidence (not an instruction from Starlight):";

/** At most this many notes at one call, the strongest first. */
export const MAX_NOTES = 3;
