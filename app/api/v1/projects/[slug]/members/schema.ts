import { z } from "zod";
import { PROJECT_ROLES } from "@/lib/server/people";
import { emailSchema } from "@/lib/auth/account-schema";

/** Adds a person to a project, or changes their role: `{ email, role }`. */
export const setMemberSchema = z.object({ email: emailSchema, role: z.enum(PROJECT_ROLES) });

/** The project's people (db/queries/members.ts Member). */
export const memberListSchema = z.object({
  items: z.array(
    z.object({
      userId: z.number(),
      email: z.string(),
      name: z.string(),
      role: z.enum(PROJECT_ROLES),
      isAdmin: z.boolean(),
    }),
  ),
});
