import { z } from "zod";
import { getToken, revokeToken } from "@/lib/server/people";
import { mayRevokeToken } from "@/lib/auth/token-revocation";
import { notFound } from "@/lib/api-error";
import { NO_CONTENT } from "@/lib/http/answer";
import { route } from "@/lib/http/route";
import { audit } from "@/lib/server/auth/audit";
import { requireSignIn } from "@/lib/server/auth/require-sign-in";
import { getDb } from "@/db/client";

const params = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

export const DELETE = route(
  {
    doc:
      "Revokes a token at once: its owner, an instance admin, or an owner of every project it is limited to. " +
      "Anyone else gets 404, as if it did not exist. Revoking a revoked token changes nothing.",
    params,
    response: NO_CONTENT,
  },
  async ({ params, caller }) => {
    requireSignIn(caller);
    const token = await getToken(getDb(), params.id);
    if (
      !token ||
      !mayRevokeToken(
        { userId: caller.user.id, access: caller.access },
        { ownerId: token.owner.id, allProjects: token.allProjects, projectIds: token.projectIds },
      )
    ) {
      throw notFound(`token ${params.id}`);
    }
    if (await revokeToken(getDb(), token.id, Date.now()))
      await audit(getDb(), caller, "token.revoke", token.name, { prefix: token.prefix, owner: token.owner.email });
    return new Response(null, { status: 204 });
  },
);
