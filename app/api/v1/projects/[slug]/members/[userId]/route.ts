import { z } from "zod";
import { listMembers, removeMember } from "@/lib/server/people";
import { leavesNoOwner } from "@/lib/auth/last-owner";
import { ApiError, notFound } from "@/lib/api-error";
import { NO_CONTENT } from "@/lib/http/answer";
import { route } from "@/lib/http/route";
import { audit } from "@/lib/server/auth/audit";
import { projectFor } from "@/lib/server/auth/project-access";
import { projectParams } from "../../params";
import { getDb } from "@/db/client";

const params = projectParams.extend({ userId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

export const DELETE = route(
  {
    doc: "Takes a person out of the project (owners and admins); the only owner stays unless an admin removes them.",
    params,
    response: NO_CONTENT,
  },
  async ({ params, caller }) => {
    const project = await projectFor(getDb(), caller.access, params.slug, "manage");
    const members = await listMembers(getDb(), project.id);
    const member = members.find((m) => m.userId === params.userId);
    if (!member) throw notFound(`member ${params.userId} of "${project.slug}"`);
    if (!caller.access.admin && leavesNoOwner(members, member.userId, null)) {
      throw new ApiError(409, "last_owner", "This is the project's only owner; make someone else owner first.");
    }
    await removeMember(getDb(), project.id, member.userId);
    await audit(getDb(), caller, "member.remove", `${project.slug}: ${member.email}`, { role: member.role });
    return new Response(null, { status: 204 });
  },
);
