import { z } from "zod";

/** A page of the audit log: `before` is the last answer's `nextBefore`; `action` an action or a kind of them. */
export const auditQuerySchema = z.object({
  before: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  /** An action ("token.create") or a kind ("token", matching every token action). */
  action: z.string().min(1).max(50).optional(),
});

/** One recorded action (db/schema.ts audit_log). */
export const auditEntrySchema = z.object({
  id: z.number(),
  at: z.number(),
  /** Null for anonymous actions or once the user is deleted; `actor` keeps the label. */
  userId: z.number().nullable(),
  actor: z.string(),
  action: z.string(),
  target: z.string().nullable(),
  detail: z.record(z.string(), z.unknown()).nullable(),
  ip: z.string().nullable(),
});

export const auditPageSchema = z.object({ items: z.array(auditEntrySchema), nextBefore: z.number().nullable() });
