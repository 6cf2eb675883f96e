import { getDb } from "@/db/client";
import { readConfig } from "@/lib/config";
import { ApiError, errorBody } from "@/lib/http/errors";
import { route } from "@/lib/http/route";
import { readUpload } from "@/lib/http/upload";
import { expandArchives } from "@/lib/ingest/archive";
import { errorSummary, reportStatus } from "@/lib/ingest/report";
import { toProjectSlug } from "@/lib/project-slug";
import { ingestFiles } from "@/lib/server/ingest";
import { ingestQuery } from "./schema";

export const dynamic = "force-dynamic";

function projectSlug(name: string | undefined): string | null {
  if (name === undefined) return null;
  const slug = toProjectSlug(name);
  if (!slug) throw new ApiError(422, "invalid_project", `"${name}" cannot be used as a project name: use letters or digits.`);
  return slug;
}

export const POST = route({ query: ingestQuery }, async ({ request, query }) => {
  const limit = readConfig().maxBodyBytes;
  const upload = await readUpload(request, limit, query.name);
  const requested = projectSlug(query.project ?? upload.fields.project);
  if (upload.files.length === 0) throw new ApiError(422, "no_files", "The multipart upload held no files.");
  const report = ingestFiles(getDb(), expandArchives(upload.files, limit * 10), requested);
  const status = reportStatus(report);
  const body = status === 200 ? report : { ...errorBody("invalid_records", errorSummary(report)), ...report };
  return Response.json(body, { status });
});
