import { notFound } from "@/lib/api-error";
import { route } from "@/lib/http/route";
import { audit } from "@/lib/server/auth/audit";
import { projectFor } from "@/lib/server/auth/project-access";
import { requireSignIn } from "@/lib/server/auth/require-sign-in";
import { resetExperiment } from "@/lib/server/experiment";
import { projectParams as params } from "../../params";
import { experimentSettingsAnswerSchema } from "@/lib/experiment/report-schema";

export const POST = route(
  {
    doc: "Starts the experiment afresh (same share, new salt): the report then counts only sessions from now on.",
    params,
    response: experimentSettingsAnswerSchema,
  },
  async ({ params, caller }) => {
    const project = await projectFor(caller.access, params.slug, "manage");
    requireSignIn(caller);
    const settings = await resetExperiment(project.slug);
    if (!settings) throw notFound(`Project "${project.slug}"`);
    await audit(caller, "experiment.reset", project.slug, { holdoutShare: settings.holdoutShare });
    return settings;
  },
);
