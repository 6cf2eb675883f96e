import { NOTE_HEADER, type JustInTimeSetting, type Note } from "./contract";

type HookEvent = "PreToolUse" | "PostToolUse" | "PostToolUseFailure" | "AfterTool";

/**
 * Claude Code's (and Codex's) hook output: an empty object adds nothing and leaves the call as it is. Gemini CLI
 * reads the same `hookSpecificOutput.additionalContext` after a call (AfterTool), appended to the tool's result.
 */
export type HookOutput =
  | Record<string, never>
  | { hookSpecificOutput: Record<string, string> & { hookEventName: HookEvent } };

/** The notes as one block of text: the header, then one line each. */
export function notesText(notes: readonly Note[]): string {
  return [NOTE_HEADER, ...notes.map((n) => `- ${n.line}`)].join("\n");
}

/**
 * The hook's answer. Notes go in `additionalContext`; before a call, with the project set to "ask" and its items
 * accepted by a person (review on), the user is also asked, with the notes as the reason. Never "allow" (which
 * would skip the user's own permission rules) and never "deny".
 */
export function hookOutput(
  event: HookEvent,
  notes: readonly Note[],
  setting: JustInTimeSetting,
  reviewed: boolean,
): HookOutput {
  if (notes.length === 0 || setting === "off") return {};
  const text = notesText(notes);
  const ask = event === "PreToolUse" && setting === "ask" && reviewed;
  return {
    hookSpecificOutput: {
      hookEventName: event,
      additionalContext: text,
      ...(ask ? { permissionDecision: "ask", permissionDecisionReason: text } : {}),
    },
  };
}
