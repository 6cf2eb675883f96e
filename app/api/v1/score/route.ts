import { readableProjects } from "@/lib/auth/access";
import { route } from "@/lib/http/route";
import { readableScore } from "@/lib/server/score";
import { scoreResultSchema } from "./schema";
import { getDb } from "@/db/client";

export const GET = route(
  {
    doc:
      "The intelligence report over the projects the caller may read, with its daily history when that is the whole " +
      "instance (computing it then records today's snapshot).",
    response: scoreResultSchema,
  },
  ({ caller }) => readableScore(getDb(), readableProjects(caller.access)),
);
