import "server-only";
import { cache } from "react";
import { getProjectSummary } from "@/lib/server/projects";
import type { Access } from "@/lib/auth/access";
import { visibleProject } from "@/lib/server/auth/project-access";
import { getDb } from "@/lib/server/database";

/**
 * The project's summary when the viewer may read it, else null (as for an unknown slug), read once per request
 * however many segments ask for it. Each segment checks for itself: layouts and pages render in parallel.
 */
export const loadProject = cache(async (access: Access, slug: string) =>
  (await visibleProject(getDb(), access, slug)) ? getProjectSummary(getDb(), slug) : null,
);
