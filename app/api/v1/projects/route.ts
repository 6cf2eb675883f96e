import { listProjects } from "@/db/queries/projects";
import { route } from "@/lib/http/route";

/** Every project with session count, average success, last activity and sessions per category. */
export const GET = route({}, () => ({ items: listProjects() }));
