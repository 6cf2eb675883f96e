import { asObject, stringField, type Json } from "@/lib/ingest/claude-code/lines";
import path from "node:path";
import { patchedFiles, patchInCommand } from "@/lib/ingest/codex/patch";
import { shellWord } from "@/lib/shell/quote";
import { shellReads } from "@/lib/shell/reads";

/**
 * Codex tools → the canonical tool names the rest of Starlight reads (Claude Code's), with the input fields
 * operations read (`file_path`, `path`, `command`). The table is in docs/agents.md ("Codex CLI"); a tool not in it
 * keeps its own name.
 */
export interface CanonicalCall {
  tool: string;
  input: Json;
  /** A shell command: its output is kept whatever it says. */
  shell: boolean;
}

const SHELL_TOOLS: ReadonlySet<string> = new Set([
  "shell",
  "container.exec",
  "shell_command",
  "exec_command",
  "local_shell",
]);
const SHELLS = /^(?:\/(?:usr\/)?bin\/)?(?:ba|z|)sh$/;

/** A command as the person would type it: a string as it is; argv joined, a `bash -lc <script>` wrapper dropped. */
export function commandText(value: unknown): string | null {
  if (typeof value === "string") return value;
  if (!Array.isArray(value) || value.length === 0 || !value.every((w) => typeof w === "string")) return null;
  const argv = value as string[];
  if (argv.length === 3 && SHELLS.test(argv[0] as string) && /^-l?c$/.test(argv[1] as string)) return argv[2] as string;
  return argv.map(shellWord).join(" ");
}

/** A path as the agent wrote it, against the folder the call ran in (Codex resolves a patch's relative paths so). */
const resolved = (file: string, cwd: string | null) =>
  cwd === null || path.posix.isAbsolute(file) ? file : path.posix.resolve(cwd, file);

/** One Edit (Write for a file the patch adds) per file a patch names; one Edit without a file when it names none. */
function patchCalls(patch: string, cwd: string | null): CanonicalCall[] {
  const files = patchedFiles(patch);
  if (files.length === 0) return [{ tool: "Edit", input: {}, shell: false }];
  return files.map((f) => ({
    tool: f.action === "add" ? "Write" : "Edit",
    input: { file_path: resolved(f.path, cwd) },
    shell: false,
  }));
}

/** A patch run through the shell is its Edits; a command that only reads files (`sed -n '1,120p' f`) is one Read per file. */
function shellCalls(command: string | null, cwd: string | null): CanonicalCall[] {
  const patch = command === null ? null : patchInCommand(command);
  if (patch !== null) return patchCalls(patch, cwd);
  const reads = command === null ? [] : shellReads(command, cwd);
  if (reads.length > 0) return reads.map((file) => ({ tool: "Read", input: { file_path: file }, shell: false }));
  return [{ tool: "Bash", input: command === null ? {} : { command }, shell: true }];
}

const pathOf = (args: Json | null, ...keys: string[]): Json => {
  for (const key of keys) {
    const value = stringField(args, key);
    if (value !== null) return { file_path: value };
  }
  return {};
};

/**
 * The canonical calls of one Codex call: `name` as the model called it, `args` its parsed JSON arguments (null when
 * they are not an object), `input` a custom tool's free-form input, `mcp` the server and tool an MCP event named,
 * `cwd` the turn's folder (a shell call's own `workdir` wins), against which relative paths are resolved.
 */
export function canonicalCalls(
  name: string,
  args: Json | null,
  input: string | null,
  mcp: { server: string; tool: string } | null,
  cwd: string | null = null,
): CanonicalCall[] {
  if (mcp !== null) return [{ tool: `mcp__${mcp.server}__${mcp.tool}`, input: args ?? {}, shell: false }];
  if (SHELL_TOOLS.has(name)) {
    const workdir = stringField(args, "workdir");
    return shellCalls(commandText(args?.command ?? args?.cmd), workdir === null ? cwd : resolved(workdir, cwd));
  }
  switch (name) {
    case "apply_patch":
      return patchCalls(input ?? stringField(args, "input") ?? stringField(args, "patch") ?? "", cwd);
    case "read_file":
    case "view_image":
      return [{ tool: "Read", input: pathOf(args, "file_path", "path"), shell: false }];
    case "list_dir":
      return [{ tool: "Glob", input: { ...pathOf(args, "dir_path", "path") }, shell: false }];
    case "grep_files":
      return [{ tool: "Grep", input: { ...pathOf(args, "path") }, shell: false }];
    case "web_search":
      return [{ tool: "WebSearch", input: {}, shell: false }];
    case "web_fetch":
    case "open_page":
      return [{ tool: "WebFetch", input: {}, shell: false }];
    case "spawn_agent":
      return [{ tool: "Task", input: {}, shell: false }];
    case "update_plan":
      return [{ tool: "TodoWrite", input: {}, shell: false }];
  }
  if (name.startsWith("mcp__")) return [{ tool: name, input: args ?? {}, shell: false }];
  if (/^[^_].*[^_]__[^_]/.test(name)) return [{ tool: `mcp__${name}`, input: args ?? {}, shell: false }];
  return [{ tool: name, input: args ?? {}, shell: false }];
}

/** A `local_shell_call`'s `action.command` (argv) and `action.working_directory`. */
export function localShellCall(payload: Json): { command: string | null; workdir: string | null } {
  const action = asObject(payload.action);
  return { command: commandText(action?.command), workdir: stringField(action, "working_directory") };
}

/** A `web_search_call`: a search, or (`action.type` "open_page") a fetched page. */
export function webSearchTool(payload: Json): string {
  const type = stringField(asObject(payload.action), "type");
  return type === "open_page" || type === "find_in_page" ? "WebFetch" : "WebSearch";
}
