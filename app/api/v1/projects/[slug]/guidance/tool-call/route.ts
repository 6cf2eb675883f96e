import { ApiError } from "@/lib/api-error";
import { route } from "@/lib/http/route";
import { crossSiteRefused } from "@/lib/http/same-origin";
import { toolCallPayloadSchema } from "@/lib/just-in-time/payload";
import { projectFor } from "@/lib/server/auth/project-access";
import { toolCallAnswer } from "@/lib/server/just-in-time";
import { projectParams as params } from "../../params";
import { toolCallAnswerSchema } from "./schema";
import { getDb } from "@/db/client";

/** A hook's payload carries the call's input and output (a file written, a command's output): capped here. */
const MAX_PAYLOAD_BYTES = 2 * 1024 * 1024;

export const POST = route(
  {
    doc:
      "Notes at one tool call (docs/just-in-time.md): the body is the PreToolUse, PostToolUse or PostToolUseFailure hook " +
      "payload as Claude Code or Codex sends it; the answer is hook output (`{}` for nothing, else " +
      "`hookSpecificOutput.additionalContext`). Only the project's served knowledge (accepted items, with review on) is " +
      "quoted, each item once per session, recorded as a delivery; holdout sessions of the experiment get nothing.",
    params,
    body: {
      schema: toolCallPayloadSchema,
      example:
        '{"session_id": "…", "cwd": "/src/app", "hook_event_name": "PreToolUse", "tool_name": "Bash", "tool_input": {"command": "npm test"}}',
      maxBytes: MAX_PAYLOAD_BYTES,
    },
    response: toolCallAnswerSchema,
  },
  async ({ params, body, request, caller }) => {
    const project = await projectFor(getDb(), caller.access, params.slug, "read");
    // Recording a note is a write: with a browser's cookie it must come from Starlight's own pages (hooks send a token).
    if (crossSiteRefused(caller.kind, request.headers)) {
      throw new ApiError(
        403,
        "cross_site",
        "A tool-call note with a browser's sign-in must come from Starlight's own pages; hooks send a token.",
      );
    }
    return toolCallAnswer(getDb(), project, await body());
  },
);
