/**
 * Antigravity CLI tool names (its 19 tools, as listed in specstoryai/getspecstory
 * specstory-cli/pkg/providers/antigravitycli/ANTIGRAVITY-FORMAT.md §3.5) → the canonical names the rest of Starlight
 * reads (Claude Code's). Arguments are PascalCase: `CommandLine` and `Cwd`, `AbsolutePath`, `TargetFile`.
 */
const CANONICAL: Readonly<Record<string, string>> = {
  run_command: "Bash",
  view_file: "Read",
  write_to_file: "Write",
  replace_file_content: "Edit",
  multi_replace_file_content: "Edit",
  grep_search: "Grep",
  list_dir: "LS",
  search_web: "WebSearch",
  read_url_content: "WebFetch",
  invoke_subagent: "Task",
  ask_question: "AskUserQuestion",
  manage_task: "TodoWrite",
};

/** The canonical name of an Antigravity CLI tool; any other name (MCP tools, later ones) is kept as it is. */
export function canonicalTool(name: string): string {
  return CANONICAL[name] ?? name;
}

function stringArg(args: Record<string, unknown>, key: string): string | null {
  const value = args[key];
  return typeof value === "string" && value !== "" ? value : null;
}

/** The file a call acts on: `AbsolutePath` (view_file) or `TargetFile` (the writes and edits). */
export function targetFile(name: string, args: Record<string, unknown>): string | null {
  if (name === "view_file") return stringArg(args, "AbsolutePath");
  return ["write_to_file", "replace_file_content", "multi_replace_file_content"].includes(name)
    ? stringArg(args, "TargetFile")
    : null;
}

/** The command of a `run_command` call, and the folder it ran in. */
export function shellCall(name: string, args: Record<string, unknown>): { command: string; cwd: string | null } | null {
  const command = name === "run_command" ? stringArg(args, "CommandLine") : null;
  return command === null ? null : { command, cwd: stringArg(args, "Cwd") };
}
