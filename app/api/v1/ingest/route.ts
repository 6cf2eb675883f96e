import { getDb } from "@/db/client";
import { storeRecords } from "@/db/queries/ingest";
import { readConfig } from "@/lib/config";
import { ApiError, errorBody } from "@/lib/http/errors";
import { route } from "@/lib/http/route";
import { readUpload, type UploadedFile } from "@/lib/http/upload";
import { parseFile } from "@/lib/ingest/parse-file";
import { errorSummary, reportStatus, summarise, type FileReport } from "@/lib/ingest/report";
import { toProjectSlug } from "@/lib/project-slug";
import { ingestQuery } from "./schema";

export const dynamic = "force-dynamic";

function projectSlug(name: string | undefined): string | null {
  if (name === undefined) return null;
  const slug = toProjectSlug(name);
  if (!slug) throw new ApiError(422, "invalid_project", `"${name}" cannot be used as a project name: use letters or digits.`);
  return slug;
}

function ingestFile(file: UploadedFile, requested: string | null): FileReport {
  const parsed = parseFile(file.content);
  const report: FileReport = {
    name: file.name,
    format: parsed.format,
    accepted: 0,
    duplicates: 0,
    rejected: parsed.rejected,
    errors: parsed.errors,
  };
  const records = parsed.trajectories.length + parsed.patterns.length;
  if (records === 0) return report;
  const slug = requested ?? toProjectSlug(parsed.trajectories[0]?.projectHint ?? "");
  if (!slug) {
    report.rejected += records;
    report.errors = [...report.errors, { line: null, field: "project", message: "this file names no project: add ?project=<slug> to the request" }];
    return report;
  }
  return { ...report, ...storeRecords(getDb(), slug, parsed) };
}

export const POST = route({ query: ingestQuery }, async ({ request, query }) => {
  const upload = await readUpload(request, readConfig().maxBodyBytes, query.name);
  const requested = projectSlug(query.project ?? upload.fields.project);
  if (upload.files.length === 0) throw new ApiError(422, "no_files", "The multipart upload held no files.");
  const report = summarise(requested, upload.files.map((file) => ingestFile(file, requested)));
  const status = reportStatus(report);
  const body = status === 200 ? report : { ...errorBody("invalid_records", errorSummary(report)), ...report };
  return Response.json(body, { status });
});
