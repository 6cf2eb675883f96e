import path from "node:path";
import { z } from "zod";
import { EDIT_TOOLS, SHELL_TOOLS, type ToolCall } from "./contract";

/** What the hook sends: Claude Code's (and Codex's) PreToolUse, PostToolUse and PostToolUseFailure payloads. */
export const toolCallPayloadSchema = z.object({
  session_id: z.string().regex(/^[A-Za-z0-9._:-]{1,200}$/, "must be 1–200 characters of letters, digits and . _ : -"),
  cwd: z.string().max(4096).optional(),
  hook_event_name: z.enum(["PreToolUse", "PostToolUse", "PostToolUseFailure"]),
  tool_name: z.string().min(1).max(200),
  tool_input: z.unknown().optional(),
  tool_response: z.unknown().optional(),
  error: z.string().optional(),
});
export type ToolCallPayload = z.infer<typeof toolCallPayloadSchema>;

const MAX_ERROR_CHARS = 20_000;

const field = (value: unknown, name: string): unknown => (value !== null && typeof value === "object" ? (value as Record<string, unknown>)[name] : undefined);
const text = (value: unknown): string | null => (typeof value === "string" && value.trim() !== "" ? value : null);

/** A shell call's command: a string, or (Codex) an argument list. */
function commandOf(input: unknown): string | null {
  const command = field(input, "command") ?? field(input, "cmd");
  if (Array.isArray(command)) return text(command.filter((a) => typeof a === "string").join(" "));
  return text(command);
}

/** The edited file, relative to `cwd` when inside it. */
function fileOf(input: unknown, cwd: string | undefined): string | null {
  const file = text(field(input, "file_path") ?? field(input, "notebook_path") ?? field(input, "path"));
  if (file === null) return null;
  if (cwd && path.isAbsolute(file)) {
    const relative = path.relative(cwd, file);
    if (relative !== "" && !relative.startsWith("..") && !path.isAbsolute(relative)) return relative.split(path.sep).join("/");
  }
  return file.replace(/^\.\//, "");
}

/**
 * The error of a call that ran: PostToolUseFailure's `error`; for PostToolUse, a response that says it failed (an
 * `is_error` flag, a non-zero exit code, or Codex's "Exit code: N" output). Null when the call went through.
 */
function errorOf(payload: ToolCallPayload): string | null {
  if (payload.hook_event_name === "PostToolUseFailure") return text(payload.error)?.slice(0, MAX_ERROR_CHARS) ?? "";
  const response = payload.tool_response;
  if (typeof response === "string") return /^exit code:? [1-9]\d*/im.test(response) ? response.slice(0, MAX_ERROR_CHARS) : null;
  const exit = field(response, "exit_code") ?? field(response, "exitCode");
  const failed = field(response, "is_error") === true || (typeof exit === "number" && exit !== 0);
  if (!failed) return null;
  const output = [field(response, "stderr"), field(response, "stdout"), field(response, "output"), field(response, "content")].map(text).filter((t) => t !== null);
  return output.join("\n").slice(0, MAX_ERROR_CHARS);
}

/** The call a payload reports; null when Starlight has nothing to say about it (another tool, or a call that went through). */
export function toolCallOf(payload: ToolCallPayload): ToolCall | null {
  const shell = SHELL_TOOLS.has(payload.tool_name);
  if (!shell && !EDIT_TOOLS.has(payload.tool_name)) return null;
  const command = shell ? commandOf(payload.tool_input) : null;
  const file = shell ? null : fileOf(payload.tool_input, payload.cwd);
  if (payload.hook_event_name === "PreToolUse") return command === null && file === null ? null : { moment: "before", tool: payload.tool_name, command, file, error: null };
  const error = errorOf(payload);
  return error === null ? null : { moment: "after", tool: payload.tool_name, command, file, error };
}
