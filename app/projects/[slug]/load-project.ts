import "server-only";
import { cache } from "react";
import { getProjectSummary } from "@/db/queries/projects";

/** The project's summary, read once per request however many segments ask for it. */
export const loadProject = cache((slug: string) => getProjectSummary(slug));
