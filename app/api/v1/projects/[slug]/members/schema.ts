import { z } from "zod";
import { PROJECT_ROLES } from "@/db/schema";
import { emailSchema } from "@/lib/auth/account-schema";

/** Adds a person to a project, or changes their role: `{ email, role }`. */
export const setMemberSchema = z.object({ email: emailSchema, role: z.enum(PROJECT_ROLES) });
