import { z } from "zod";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "./password";

export const emailSchema = z
  .email("enter an email address")
  .max(254)
  .transform((e) => e.trim().toLowerCase());
export const passwordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `use at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `use at most ${PASSWORD_MAX_LENGTH} characters`);
export const nameSchema = z.string().trim().min(1, "enter a name").max(100);

/** First-run setup and "add person": who they are and their first password. */
export const newAccountSchema = z.object({ email: emailSchema, name: nameSchema, password: passwordSchema });

export const signInSchema = z.object({ email: z.string().max(254), password: z.string().max(PASSWORD_MAX_LENGTH) });

/** A person as the API answers them, never their password's hash (db/queries/users.ts PublicUser). */
export const publicUserSchema = z.object({
  id: z.number(),
  email: z.string(),
  name: z.string(),
  isAdmin: z.boolean(),
  createdAt: z.number(),
});

/** Who is now signed in, after sign-in or setup. */
export const signedInSchema = z.object({ user: publicUserSchema });

/**
 * Who is calling (`GET /api/v1/session`): signed in (`kind: "session"`, the API's name for a sign-in) or by token,
 * their project roles by project id, what they may read.
 */
export const callerSchema = z.object({
  kind: z.enum(["session", "token"]),
  user: publicUserSchema,
  token: z.object({ id: z.number(), prefix: z.string() }).nullable(),
  admin: z.boolean(),
  roles: z.record(z.string(), z.enum(["viewer", "member", "owner"])),
  readable: z.union([z.literal("all"), z.array(z.number())]),
});
