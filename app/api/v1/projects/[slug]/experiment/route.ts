import { notFound } from "@/lib/api-error";
import { route } from "@/lib/http/route";
import { audit } from "@/lib/server/auth/audit";
import { projectFor } from "@/lib/server/auth/project-access";
import { requireSignIn } from "@/lib/server/auth/require-sign-in";
import { experimentReport, experimentSettings, setHoldoutShare } from "@/lib/server/experiment";
import { projectParams as params } from "../params";
import { experimentSettingsSchema } from "./schema";
import { experimentReportSchema, experimentSettingsAnswerSchema } from "@/lib/experiment/report-schema";
import { getDb } from "@/db/client";

export const GET = route(
  {
    doc: "The guidance experiment's report for the open period (anyone who can read the project).",
    params,
    response: experimentReportSchema,
  },
  async ({ params, caller }) => {
    const project = await projectFor(getDb(), caller.access, params.slug, "read");
    const report = await experimentReport(getDb(), project.slug);
    if (!report) throw notFound(`Project "${project.slug}"`);
    return report;
  },
);

export const PUT = route(
  {
    doc: "Sets the holdout share (owners and admins, signed in); a different share starts a new period.",
    params,
    body: { schema: experimentSettingsSchema, example: '{"holdoutShare": 0.2}' },
    response: experimentSettingsAnswerSchema,
  },
  async ({ params, body, caller }) => {
    const project = await projectFor(getDb(), caller.access, params.slug, "manage");
    requireSignIn(caller);
    const { holdoutShare } = await body();
    const before = await experimentSettings(getDb(), project.slug);
    const after = await setHoldoutShare(getDb(), project.slug, holdoutShare);
    if (!before || !after) throw notFound(`Project "${project.slug}"`);
    if (after.holdoutShare !== before.holdoutShare)
      await audit(getDb(), caller, "experiment.update", project.slug, { holdoutShare, previous: before.holdoutShare });
    return after;
  },
);
