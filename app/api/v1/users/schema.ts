import { z } from "zod";
import { nameSchema, newAccountSchema, passwordSchema } from "@/lib/auth/account-schema";

/** An admin adds a person: who they are, a first password to hand them, and whether they administer. */
export const newUserSchema = newAccountSchema.extend({ isAdmin: z.boolean().default(false) });

/** An admin changes someone: rename, reset their password (signs them out everywhere), or make or unmake an admin. */
export const userPatchSchema = z
  .object({ name: nameSchema, password: passwordSchema, isAdmin: z.boolean() })
  .partial()
  .refine((p) => Object.keys(p).length > 0, "send name, password or isAdmin");
