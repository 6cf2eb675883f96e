import { z } from "zod";

/**
 * The hook output a tool call is answered with (lib/just-in-time/output.ts `HookOutput`): `{}` for nothing, else the
 * notes in `hookSpecificOutput.additionalContext` (and, asking the user first, a permission decision and its reason).
 */
export const toolCallAnswerSchema = z.union([
  z.strictObject({}),
  z.object({
    hookSpecificOutput: z
      .record(z.string(), z.string())
      .and(z.object({ hookEventName: z.enum(["PreToolUse", "PostToolUse", "PostToolUseFailure", "AfterTool"]) })),
  }),
]);
