/**
 * Gemini CLI tool names → the canonical names the rest of Starlight reads (Claude Code's): features, rules and
 * knowledge look for "Bash", "Edit", "Read", ... The table is docs/agents.md "## Gemini CLI".
 */
const CANONICAL: Readonly<Record<string, string>> = {
  run_shell_command: "Bash",
  read_file: "Read",
  read_many_files: "Read",
  write_file: "Write",
  replace: "Edit",
  edit: "Edit",
  glob: "Glob",
  grep_search: "Grep",
  search_file_content: "Grep",
  list_directory: "LS",
  web_fetch: "WebFetch",
  google_web_search: "WebSearch",
  write_todos: "TodoWrite",
  save_memory: "SaveMemory",
  ask_user: "AskUserQuestion",
  exit_plan_mode: "ExitPlanMode",
  enter_plan_mode: "EnterPlanMode",
  activate_skill: "Skill",
  invoke_agent: "Task",
  codebase_investigator: "Task",
  cli_help: "Task",
  generalist: "Task",
};

/** `mcp_<server>_<tool>` (the server's name holds no `_`) → `mcp__<server>__<tool>`; other names are kept as they are. */
export function canonicalTool(name: string): string {
  const known = CANONICAL[name];
  if (known !== undefined) return known;
  const mcp = /^mcp_([^_]+)_(.+)$/.exec(name);
  return mcp ? `mcp__${mcp[1]}__${mcp[2]}` : name;
}

function stringArg(args: Record<string, unknown>, key: string): string | null {
  const value = args[key];
  return typeof value === "string" && value !== "" ? value : null;
}

/** Tools that act on one file, named by `file_path` (older versions: `absolute_path`, `path`). */
const FILE_TOOLS: ReadonlySet<string> = new Set(["read_file", "write_file", "replace", "edit"]);

/** The file a call targets, for the tools that act on one file. */
export function targetFile(name: string, args: Record<string, unknown>): string | null {
  if (!FILE_TOOLS.has(name)) return null;
  return stringArg(args, "file_path") ?? stringArg(args, "absolute_path") ?? stringArg(args, "path");
}

/** The shell command of a `run_shell_command` call. */
export function shellCommand(name: string, args: Record<string, unknown>): string | null {
  return name === "run_shell_command" ? stringArg(args, "command") : null;
}
