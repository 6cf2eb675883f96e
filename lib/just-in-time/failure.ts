/**
 * Whether a call that ran failed, and its error, from what each agent's hook reports: Claude Code's
 * PostToolUseFailure `error`; a response flagged as an error or with a non-zero exit code; Codex's "Exit code: N"
 * output; Gemini CLI's AfterTool response (`llmContent` with "Exit Code: N", or an `error` with its message). Free of
 * packages, so the plugin's hook command reads it too and leaves a call that went through without asking Starlight.
 */

const MAX_ERROR_CHARS = 20_000;
/** Codex's "Exit code: 1" and Gemini CLI's "Exit Code: 1" lines. */
const EXIT_LINE = /^exit code:? [1-9]\d*/im;

/** A field of a JSON object; undefined for anything else. */
export const field = (value: unknown, name: string): unknown =>
  value !== null && typeof value === "object" ? (value as Record<string, unknown>)[name] : undefined;
/** A string with something in it; null otherwise. */
export const text = (value: unknown): string | null =>
  typeof value === "string" && value.trim() !== "" ? value : null;

/** The error of a call that ran; null when it went through. */
export function callError(event: string, response: unknown, error: unknown): string | null {
  if (event === "PostToolUseFailure") return text(error)?.slice(0, MAX_ERROR_CHARS) ?? "";
  if (typeof response === "string") return EXIT_LINE.test(response) ? response.slice(0, MAX_ERROR_CHARS) : null;
  const exit = field(response, "exit_code") ?? field(response, "exitCode");
  const content = text(field(response, "llmContent"));
  const failed =
    field(response, "is_error") === true ||
    (typeof exit === "number" && exit !== 0) ||
    (content !== null && EXIT_LINE.test(content)) ||
    text(field(field(response, "error"), "message")) !== null;
  if (!failed) return null;
  // Gemini CLI's `returnDisplay` is the command's own output; its `llmContent` wraps it ("Output: …", "Exit Code: …").
  const gemini = text(field(response, "returnDisplay")) ?? content;
  const output = [
    field(response, "stderr"),
    field(response, "stdout"),
    field(response, "output"),
    field(response, "content"),
    field(field(response, "error"), "message"),
    gemini,
  ]
    .map(text)
    .filter((t) => t !== null);
  return output.join("\n").slice(0, MAX_ERROR_CHARS);
}
