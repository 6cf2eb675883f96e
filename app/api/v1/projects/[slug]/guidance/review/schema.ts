import { z } from "zod";

/** Owners' verdicts on pending guidance changes: each names the item and the version (hash) the owner saw. */
export const reviewDecisionsSchema = z.object({
  decisions: z
    .array(
      z.object({
        key: z.string().min(1).max(1000),
        hash: z.string().min(1).max(100),
        verdict: z.enum(["accept", "reject"]),
      }),
    )
    .min(1)
    .max(1000),
});

const uploaders = z.array(z.object({ label: z.string().nullable(), sessions: z.number() }));

/** What an item rests on (lib/guidance/provenance.ts `Provenance`). */
const provenanceSchema = z.discriminatedUnion("basis", [
  z.object({ basis: z.literal("cited"), uploaders }),
  z.object({ basis: z.literal("project"), uploaders }),
  z.object({ basis: z.literal("pinned"), by: z.string().nullable() }),
  z.object({ basis: z.literal("projects"), projects: z.array(z.string()) }),
  z.object({ basis: z.literal("agent-notes"), files: z.array(z.string()) }),
]);

const pending = { key: z.string(), section: z.string(), hash: z.string(), provenance: provenanceSchema };
const accepted = { oldText: z.string(), acceptedBy: z.string(), acceptedAt: z.number() };

/** `GET /projects/{slug}/guidance/review` (lib/server/guidance-review.ts `ReviewListing`). */
export const reviewListingSchema = z.object({
  project: z.string(),
  mode: z.object({
    on: z.boolean(),
    setting: z.boolean().nullable(),
    byDefault: z.boolean(),
    members: z.number(),
    uploaders: z.number(),
  }),
  generation: z.number(),
  served: z.number(),
  pending: z.array(
    z.discriminatedUnion("kind", [
      z.object({ kind: z.literal("added"), ...pending, text: z.string() }),
      z.object({ kind: z.literal("changed"), ...pending, ...accepted, text: z.string() }),
      z.object({ kind: z.literal("removed"), ...pending, ...accepted }),
    ]),
  ),
});

/** `POST /projects/{slug}/guidance/review`: how many changes were accepted and rejected. */
export const reviewOutcomeSchema = z.object({ accepted: z.number(), rejected: z.number() });
