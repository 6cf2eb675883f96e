import { route } from "@/lib/http/route";
import { audit } from "@/lib/server/auth/audit";
import { projectFor } from "@/lib/server/auth/project-access";
import { ablationsOverview, startAblation } from "@/lib/server/ablation";
import { actorLabel } from "@/lib/server/auth/audit";
import { projectParams as params } from "../params";
import { startSchema } from "./schema";
import { ablationsOverviewSchema, startedAblationSchema } from "@/lib/ablation/view-schema";
import { getDb } from "@/db/client";

export const GET = route(
  {
    doc: "The project's ablations with their results, and the results pooled per guidance generation (anyone who can read the project).",
    params,
    response: ablationsOverviewSchema,
  },
  async ({ params, caller }) => {
    const project = await projectFor(getDb(), caller.access, params.slug, "read");
    return ablationsOverview(getDb(), project);
  },
);

export const POST = route(
  {
    doc:
      "Starts an ablation of the project's current guidance (`starlight ablate`; members and owners, or a token with the ingest " +
      "permission): records the suite, agent, tasks, arms, runs and seed with the guidance generation tested, and answers that " +
      "guidance in `format`, for the guidance arm's working copies.",
    params,
    response: startedAblationSchema,
    status: 201,
    body: {
      schema: startSchema,
      example:
        '{"suite": "examples", "agent": "claude -p \\"$STARLIGHT_PROMPT\\"", "tasks": ["fix-range"], "arms": ["guidance", "none"], "runs": 3, "seed": 7, "format": "claude-md"}',
    },
  },
  async ({ params, body, caller }) => {
    const project = await projectFor(getDb(), caller.access, params.slug, "ingest");
    const input = await body();
    const started = await startAblation(getDb(), project, input, actorLabel(caller));
    await audit(getDb(), caller, "ablation.start", project.slug, {
      id: started.id,
      generation: started.generation,
      tasks: input.tasks.length,
      runs: input.runs,
    });
    return Response.json(started, { status: 201 });
  },
);
