import { ApiError } from "@/lib/api-error";
import { runReportSchema } from "@/lib/ablation/contract";
import { readConfig } from "@/lib/config";
import { NO_CONTENT } from "@/lib/http/answer";
import { route } from "@/lib/http/route";
import { readUpload } from "@/lib/http/upload";
import { audit } from "@/lib/server/auth/audit";
import { projectFor } from "@/lib/server/auth/project-access";
import { reportRun } from "@/lib/server/ablation";
import { ablationParams as params } from "../../schema";
import { getDb } from "@/db/client";

export const POST = route(
  {
    doc:
      "Reports one run of an ablation (`starlight ablate`): a multipart form whose `run` field is the run as JSON (task, arm, " +
      "run, status, how setup, agent and check ended) and whose files are the transcript the agent wrote, read with the " +
      "same parsers as an upload and kept with the run, never among the project's sessions. Reporting a run again replaces it.",
    params,
    upload: true,
    limit: "ingest",
    busy: "upload",
    response: NO_CONTENT,
  },
  async ({ request, params, caller }) => {
    const project = await projectFor(getDb(), caller.access, params.slug, "ingest");
    const upload = await readUpload(request, readConfig().maxBodyBytes, "transcript.jsonl");
    try {
      const field = upload.fields.run;
      if (field === undefined)
        throw new ApiError(422, "invalid_body", 'The form needs a "run" field: the run as JSON.');
      let json: unknown;
      try {
        json = JSON.parse(field);
      } catch {
        throw new ApiError(422, "invalid_body", 'The form\'s "run" field is not JSON.');
      }
      const run = runReportSchema.parse(json);
      await reportRun(getDb(), project, params.id, run, upload.files);
      await audit(getDb(), caller, "ablation.run", `${project.slug}: ablation ${params.id}`, {
        task: run.task,
        arm: run.arm,
        run: run.run,
        status: run.status,
        files: upload.files.length,
      });
      return new Response(null, { status: 204 });
    } finally {
      await upload.dispose();
    }
  },
);
