import { findUserByEmail, listMembers, setMember } from "@/lib/server/people";
import { leavesNoOwner } from "@/lib/auth/last-owner";
import { ApiError } from "@/lib/api-error";
import { route } from "@/lib/http/route";
import { audit } from "@/lib/server/auth/audit";
import { projectFor } from "@/lib/server/auth/project-access";
import { projectParams as params } from "../params";
import { memberListSchema, setMemberSchema } from "./schema";
import { getDb } from "@/db/client";

export const GET = route(
  { doc: "The project's people and their roles (owners and admins).", params, response: memberListSchema },
  async ({ params, caller }) => {
    const project = await projectFor(getDb(), caller.access, params.slug, "manage");
    return { items: await listMembers(getDb(), project.id) };
  },
);

export const PUT = route(
  {
    doc: "Adds someone who has an account to the project, or changes their role.",
    params,
    body: { schema: setMemberSchema, example: '{"email": "someone@example.com", "role": "member"}' },
    response: memberListSchema,
  },
  async ({ params, body, caller }) => {
    const project = await projectFor(getDb(), caller.access, params.slug, "manage");
    const { email, role } = await body();
    const user = await findUserByEmail(getDb(), email);
    if (!user)
      throw new ApiError(404, "no_account", "no account with that email; an admin can add them on the People page", [
        { field: "email", message: "no account with that email" },
      ]);
    if (!caller.access.admin && leavesNoOwner(await listMembers(getDb(), project.id), user.id, role)) {
      throw new ApiError(409, "last_owner", "This is the project's only owner; make someone else owner first.");
    }
    await setMember(getDb(), project.id, user.id, role);
    await audit(getDb(), caller, "member.set", `${project.slug}: ${user.email}`, { role });
    return { items: await listMembers(getDb(), project.id) };
  },
);
