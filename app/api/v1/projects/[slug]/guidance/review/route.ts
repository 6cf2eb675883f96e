import { notFound } from "@/lib/api-error";
import { route } from "@/lib/http/route";
import { projectFor } from "@/lib/server/auth/project-access";
import { decideGuidance, guidanceReview } from "@/lib/server/guidance-review";
import { projectParams as params } from "../../params";
import { reviewDecisionsSchema, reviewListingSchema, reviewOutcomeSchema } from "./schema";
import { getDb } from "@/db/client";

export const GET = route(
  {
    doc:
      "What waits for an owner before agents get it (anyone who can read the project): whether review is on, and each " +
      "new, changed (old and new text) or removed guidance item against the last accepted version, with its provenance.",
    params,
    response: reviewListingSchema,
  },
  async ({ params, caller }) => {
    const project = await projectFor(getDb(), caller.access, params.slug, "read");
    const review = await guidanceReview(getDb(), project.slug);
    if (!review) throw notFound(`Project "${project.slug}"`);
    return review;
  },
);

export const POST = route(
  {
    doc:
      "Accepts or rejects pending guidance changes (owners and admins, signed in), each at the version (hash) shown; " +
      "all or none: a change that moved on since answers 409. Each verdict is an audit entry.",
    params,
    body: {
      schema: reviewDecisionsSchema,
      example: '{"decisions": [{"key": "rule:verification", "hash": "…", "verdict": "accept"}]}',
    },
    response: reviewOutcomeSchema,
  },
  async ({ params, body, caller }) => {
    const project = await projectFor(getDb(), caller.access, params.slug, "manage");
    const { decisions } = await body();
    return decideGuidance(getDb(), project.slug, decisions, caller);
  },
);
