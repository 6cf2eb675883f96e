import path from "node:path";
import { z } from "zod";
import { EDIT_TOOLS, SHELL_TOOLS, type ToolCall } from "./contract";
import { callError, field, text } from "./failure";

/**
 * What the hook sends: Claude Code's (and Codex's) PreToolUse, PostToolUse and PostToolUseFailure payloads, and
 * Gemini CLI's AfterTool (its BeforeTool cannot add context for the agent, docs/just-in-time.md#gemini-cli).
 */
export const toolCallPayloadSchema = z.object({
  session_id: z.string().regex(/^[A-Za-z0-9._:-]{1,200}$/, "must be 1–200 characters of letters, digits and . _ : -"),
  cwd: z.string().max(4096).optional(),
  hook_event_name: z.enum(["PreToolUse", "PostToolUse", "PostToolUseFailure", "AfterTool"]),
  tool_name: z.string().min(1).max(200),
  tool_input: z.unknown().optional(),
  tool_response: z.unknown().optional(),
  error: z.string().optional(),
});
export type ToolCallPayload = z.infer<typeof toolCallPayloadSchema>;

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
    if (relative !== "" && !relative.startsWith("..") && !path.isAbsolute(relative))
      return relative.split(path.sep).join("/");
  }
  return file.replace(/^\.\//, "");
}

/** The call a payload reports; null when Starlight has nothing to say about it (another tool, or a call that went through). */
export function toolCallOf(payload: ToolCallPayload): ToolCall | null {
  const shell = SHELL_TOOLS.has(payload.tool_name);
  if (!shell && !EDIT_TOOLS.has(payload.tool_name)) return null;
  const command = shell ? commandOf(payload.tool_input) : null;
  const file = shell ? null : fileOf(payload.tool_input, payload.cwd);
  if (payload.hook_event_name === "PreToolUse")
    return command === null && file === null
      ? null
      : { moment: "before", tool: payload.tool_name, command, file, error: null };
  const error = callError(payload.hook_event_name, payload.tool_response, payload.error);
  return error === null ? null : { moment: "after", tool: payload.tool_name, command, file, error };
}
