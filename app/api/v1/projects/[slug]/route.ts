import { reviewMode, reviewSetting, setReviewSetting } from "@/lib/server/review-gate";
import { deleteProject, getProjectSummary } from "@/lib/server/projects";
import { setJustInTimeSetting } from "@/lib/server/just-in-time";
import { notFound } from "@/lib/api-error";
import { NO_CONTENT } from "@/lib/http/answer";
import { route } from "@/lib/http/route";
import { audit } from "@/lib/server/auth/audit";
import { projectCost } from "@/lib/server/cost";
import { projectFor } from "@/lib/server/auth/project-access";
import { projectParams as params } from "./params";
import { projectDetailSchema, projectSettingsAnswerSchema, projectSettingsSchema } from "./schema";
import { getDb } from "@/db/client";

export const GET = route(
  {
    doc: "One project's summary, its cost (in all, per agent and per model) and the caller's role in it (null for an admin who is not a member).",
    params,
    response: projectDetailSchema,
  },
  async ({ params, caller }) => {
    const { id } = await projectFor(getDb(), caller.access, params.slug, "read");
    const project = await getProjectSummary(getDb(), params.slug);
    if (!project) throw notFound(`project "${params.slug}"`);
    return { project, cost: await projectCost(getDb(), id), role: caller.access.roles.get(id) ?? null };
  },
);

export const DELETE = route(
  { doc: "Deletes the project and all its data (owners and admins, signed in).", params, response: NO_CONTENT },
  async ({ params, caller }) => {
    const project = await projectFor(getDb(), caller.access, params.slug, "manage");
    await deleteProject(getDb(), project.id);
    await audit(getDb(), caller, "project.delete", project.slug, { name: project.name });
    return new Response(null, { status: 204 });
  },
);

export const PATCH = route(
  {
    doc:
      "Changes the project's settings (owners and admins, signed in): `reviewGuidance` true (agents get only items an " +
      "owner accepted), false, or null (on when the project has more than one member or uploader); `justInTime` on, ask or " +
      "off (notes at tool calls, docs/just-in-time.md). Answers the review mode and the just-in-time setting.",
    params,
    body: { schema: projectSettingsSchema, example: '{"reviewGuidance": true}' },
    response: projectSettingsAnswerSchema,
  },
  async ({ params, body, caller }) => {
    const project = await projectFor(getDb(), caller.access, params.slug, "manage");
    const { reviewGuidance, justInTime } = await body();
    const before = await reviewSetting(getDb(), project.id);
    if (reviewGuidance !== undefined && reviewGuidance !== before) {
      await setReviewSetting(getDb(), project.id, reviewGuidance);
      await audit(getDb(), caller, "project.review_guidance", project.slug, { reviewGuidance, previous: before });
    }
    if (justInTime !== undefined && justInTime !== project.justInTime) {
      await setJustInTimeSetting(getDb(), project.id, justInTime);
      await audit(getDb(), caller, "project.just_in_time", project.slug, { justInTime, previous: project.justInTime });
    }
    return { reviewGuidance: await reviewMode(getDb(), project.id), justInTime: justInTime ?? project.justInTime };
  },
);
