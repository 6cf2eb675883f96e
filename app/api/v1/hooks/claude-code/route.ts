import { getDb } from "@/db/client";
import { errorBody } from "@/lib/api-error";
import { route } from "@/lib/http/route";
import { hookFile, hookPayload, KEPT_HOOK_EVENTS } from "@/lib/ingest/claude-code/hook-event";
import { errorSummary, reportStatus } from "@/lib/ingest/report";
import { uploadAudit, uploaderOf } from "@/lib/server/auth/audit";
import { ingestFiles } from "@/lib/server/ingest";
import { assertMayUpload, uploadTarget, writableProjects } from "../../ingest/access";
import { hookAnswer, hookBody, hookQuery } from "./schema";

export const dynamic = "force-dynamic";

const kept: ReadonlySet<string> = new Set(KEPT_HOOK_EVENTS);

export const POST = route(
  {
    doc:
      "Receives one Claude Code hook event, as an HTTP hook posts it (or a command hook relays it). PermissionDenied and " +
      "StopFailure are kept as a part of their session, redacted and checked as an upload is, and folded in once when " +
      "the session is assembled, whether its transcript came before or comes after; other events are answered and dropped.",
    query: hookQuery,
    body: {
      schema: hookBody,
      example:
        '{"hook_event_name": "PermissionDenied", "session_id": "…", "cwd": "/src/app", "tool_name": "Bash", "tool_use_id": "toolu_…", "reason": "…"}',
      maxBytes: 64 * 1024,
    },
    response: hookAnswer,
    limit: "ingest",
    busy: "upload",
  },
  async ({ query, body, caller }) => {
    const requested =
      query.project === undefined ? assertMayUpload(caller.access) : await uploadTarget(caller.access, query.project);
    const raw = await body();
    if (!kept.has(raw.hook_event_name)) return { event: raw.hook_event_name, kept: false, accepted: 0, duplicates: 0 };
    const file = hookFile(hookPayload.parse(raw));
    const report = await ingestFiles(
      getDb(),
      [{ name: file.name, size: file.content.length, read: async () => file.content }],
      requested,
      writableProjects(caller.access),
      uploadAudit(getDb(), caller),
      uploaderOf(caller),
    );
    const status = reportStatus(report);
    if (status !== 200)
      return Response.json({ ...errorBody("invalid_records", errorSummary(report)), ...report }, { status });
    return {
      event: raw.hook_event_name,
      kept: true,
      accepted: report.totals.accepted,
      duplicates: report.totals.duplicates,
    };
  },
);
