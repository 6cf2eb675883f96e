import { route } from "@/lib/http/route";
import { instanceScore } from "@/lib/server/score";

/** The whole instance's intelligence report with its daily history; computing it records today's snapshot. */
export const GET = route({}, () => instanceScore());
