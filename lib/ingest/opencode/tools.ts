/**
 * OpenCode tool names (packages/opencode/src/tool/ in sst/opencode: `bash`, `read`, `write`, `edit`, ...) → the
 * canonical names the rest of Starlight reads (Claude Code's). The table is docs/sending-data.md, "OpenCode".
 */
const CANONICAL: Readonly<Record<string, string>> = {
  bash: "Bash",
  read: "Read",
  write: "Write",
  edit: "Edit",
  multiedit: "Edit",
  patch: "Edit",
  apply_patch: "Edit",
  glob: "Glob",
  grep: "Grep",
  list: "LS",
  webfetch: "WebFetch",
  websearch: "WebSearch",
  codesearch: "WebSearch",
  todowrite: "TodoWrite",
  todoread: "TodoRead",
  task: "Task",
  skill: "Skill",
  question: "AskUserQuestion",
};

/** The canonical name of an OpenCode tool; an MCP tool (`<server>_<tool>`) and any other name are kept as they are. */
export function canonicalTool(name: string): string {
  return CANONICAL[name] ?? name;
}

function stringArg(input: Record<string, unknown>, key: string): string | null {
  const value = input[key];
  return typeof value === "string" && value !== "" ? value : null;
}

/** The file a call acts on: `filePath` for read, write and the edits. */
export function targetFile(name: string, input: Record<string, unknown>): string | null {
  return ["read", "write", "edit", "multiedit"].includes(name) ? stringArg(input, "filePath") : null;
}

/** The shell command of a `bash` call. */
export function shellCommand(name: string, input: Record<string, unknown>): string | null {
  return name === "bash" ? stringArg(input, "command") : null;
}
