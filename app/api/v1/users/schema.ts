import { z } from "zod";
import { nameSchema, newAccountSchema, passwordSchema, publicUserSchema } from "@/lib/auth/account-schema";

/** An admin adds a person: who they are, a first password to hand them, and whether they administer. */
export const newUserSchema = newAccountSchema.extend({ isAdmin: z.boolean().default(false) });

/**
 * An admin changes someone: rename, reset their password (signs them out everywhere and, unless `revokeTokens` is
 * false, revokes their API tokens), or make or unmake an admin.
 */
export const userPatchSchema = z
  .object({ name: nameSchema, password: passwordSchema, revokeTokens: z.boolean(), isAdmin: z.boolean() })
  .partial()
  .refine((p) => Object.keys(p).length > 0, "send name, password or isAdmin")
  .refine((p) => p.revokeTokens === undefined || p.password !== undefined, {
    path: ["revokeTokens"],
    message: "goes with a new password",
  });

export const userListSchema = z.object({ items: z.array(publicUserSchema) });

/** A person after a change, with `revokedTokens` after a password reset. */
export const changedUserSchema = publicUserSchema.extend({ revokedTokens: z.number().optional() });
