import { notFound } from "@/lib/api-error";
import { route } from "@/lib/http/route";
import { audit } from "@/lib/server/auth/audit";
import { projectFor } from "@/lib/server/auth/project-access";
import { requireSignIn } from "@/lib/server/auth/require-sign-in";
import { resetExperiment } from "@/lib/server/experiment";
import { projectParams as params } from "../../params";
import { experimentSettingsAnswerSchema } from "@/lib/experiment/report-schema";
import { getDb } from "@/db/client";

export const POST = route(
  {
    doc: "Starts the experiment afresh (same share, new salt): the report then counts only sessions from now on.",
    params,
    response: experimentSettingsAnswerSchema,
  },
  async ({ params, caller }) => {
    const project = await projectFor(getDb(), caller.access, params.slug, "manage");
    requireSignIn(caller);
    const settings = await resetExperiment(getDb(), project.slug);
    if (!settings) throw notFound(`Project "${project.slug}"`);
    await audit(getDb(), caller, "experiment.reset", project.slug, { holdoutShare: settings.holdoutShare });
    return settings;
  },
);
