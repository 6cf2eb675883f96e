import { listAudit } from "@/lib/server/audit-log";
import { route } from "@/lib/http/route";
import { auditPageSchema, auditQuerySchema as query } from "./schema";
import { getDb } from "@/db/client";

export const GET = route(
  {
    doc: "The audit log, newest first, for instance admins; page back with `before` = the last answer's `nextBefore`.",
    auth: "admin",
    query,
    response: auditPageSchema,
  },
  async ({ query }) => {
    const items = await listAudit(getDb(), { before: query.before, limit: query.limit + 1, action: query.action });
    const more = items.length > query.limit;
    const page = more ? items.slice(0, query.limit) : items;
    return { items: page, nextBefore: more ? page[page.length - 1]!.id : null };
  },
);
