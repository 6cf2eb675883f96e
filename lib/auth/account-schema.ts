import { z } from "zod";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "./password";

export const emailSchema = z.email("enter an email address").max(254).transform((e) => e.trim().toLowerCase());
export const passwordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `use at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `use at most ${PASSWORD_MAX_LENGTH} characters`);
export const nameSchema = z.string().trim().min(1, "enter a name").max(100);

/** First-run setup and "add person": who they are and their first password. */
export const newAccountSchema = z.object({ email: emailSchema, name: nameSchema, password: passwordSchema });

export const signInSchema = z.object({ email: z.string().max(254), password: z.string().max(PASSWORD_MAX_LENGTH) });
