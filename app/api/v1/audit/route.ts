import { z } from "zod";
import { listAudit } from "@/db/queries/audit";
import { route } from "@/lib/http/route";

const query = z.object({
  before: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  /** An action ("token.create") or a kind ("token", matching every token action). */
  action: z.string().min(1).max(50).optional(),
});

export const GET = route({
  doc: "The audit log, newest first, for instance admins; page back with `before` = the last answer's `nextBefore`.",
  auth: "admin",
  query,
}, async ({ query }) => {
  const items = await listAudit({ before: query.before, limit: query.limit + 1, action: query.action });
  const more = items.length > query.limit;
  const page = more ? items.slice(0, query.limit) : items;
  return { items: page, nextBefore: more ? page[page.length - 1]!.id : null };
});
