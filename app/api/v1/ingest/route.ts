import { getDb } from "@/db/client";
import { readConfig } from "@/lib/config";
import { ApiError, errorBody } from "@/lib/api-error";
import { route } from "@/lib/http/route";
import { readUpload } from "@/lib/http/upload";
import { expandArchives } from "@/lib/ingest/archive";
import { errorSummary, reportStatus } from "@/lib/ingest/report";
import { uploadAudit, uploaderOf } from "@/lib/server/auth/audit";
import { ingestFiles } from "@/lib/server/ingest";
import { assertMayUpload, uploadTarget, writableProjects } from "./access";
import { ingestQuery, ingestReportSchema } from "./schema";

export const dynamic = "force-dynamic";

export const POST = route(
  {
    doc:
      "Stores uploaded session files. Before the body is read, a project named in the query is checked, or else that the " +
      "caller may upload somewhere at all; files that name their own project (Claude Code transcripts) are checked one by " +
      "one and rejected where the caller may not upload. The upload waits in a temp folder while it is ingested, file by " +
      "file, and is removed whatever happens.",
    query: ingestQuery,
    upload: true,
    response: ingestReportSchema,
    limit: "ingest",
    busy: "upload",
  },
  async ({ request, query, caller }) => {
    const limit = readConfig().maxBodyBytes;
    const named =
      query.project === undefined ? assertMayUpload(caller.access) : await uploadTarget(caller.access, query.project);
    const upload = await readUpload(request, limit, query.name);
    try {
      const requested =
        named ??
        (upload.fields.project === undefined ? null : await uploadTarget(caller.access, upload.fields.project));
      if (upload.files.length === 0) throw new ApiError(422, "no_files", "The multipart upload held no files.");
      const report = await ingestFiles(
        getDb(),
        expandArchives(upload.files, { entryBytes: limit, totalBytes: limit * 10 }),
        requested,
        writableProjects(caller.access),
        uploadAudit(getDb(), caller),
        uploaderOf(caller),
      );
      const status = reportStatus(report);
      const body = status === 200 ? report : { ...errorBody("invalid_records", errorSummary(report)), ...report };
      return Response.json(body, { status });
    } finally {
      await upload.dispose();
    }
  },
);
