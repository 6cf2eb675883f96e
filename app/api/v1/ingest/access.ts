import "server-only";
import { getProjectBySlug } from "@/lib/server/projects";
import { can, canCreateProject, canUploadSomewhere, type Access } from "@/lib/auth/access";
import { ApiError } from "@/lib/api-error";
import { toProjectSlug } from "@/lib/project-slug";
import { projectFor } from "@/lib/server/auth/project-access";
import type { MayWrite } from "@/lib/server/ingest";
import { getDb } from "@/db/client";

/**
 * The slug of the project an upload names, once the caller may upload to it. An existing project needs the
 * ingest right (404 when the caller cannot see it, 403 when they only read it); a new one, the right to create
 * projects, else 404 as if it were an unknown project.
 */
export async function uploadTarget(access: Access, name: string): Promise<string> {
  const slug = toProjectSlug(name);
  if (!slug)
    throw new ApiError(422, "invalid_project", `"${name}" cannot be used as a project name: use letters or digits.`);
  if (await getProjectBySlug(getDb(), slug)) return (await projectFor(getDb(), access, slug, "ingest")).slug;
  if (!canCreateProject(access)) throw new ApiError(404, "not_found", `project "${slug}" not found`);
  return slug;
}

/**
 * For an upload that names no project in its query: refuses (403) a caller who could store nothing anywhere (a token
 * without the ingest permission or without a project, a person who is a member of no project and may not create
 * one) before a byte of the body is read. Answers null: the project is named by the form or by the files.
 */
export function assertMayUpload(access: Access): null {
  if (canUploadSomewhere(access)) return null;
  throw new ApiError(
    403,
    "forbidden",
    "You may not upload to any project: members and owners of a project can, and a token also needs the ingest permission.",
  );
}

/** The check for projects that files name themselves (Claude Code transcripts), answered once per slug per request. */
export function writableProjects(access: Access): MayWrite {
  const answers = new Map<string, boolean>();
  return async (slug) => {
    let answer = answers.get(slug);
    if (answer === undefined) {
      const project = await getProjectBySlug(getDb(), slug);
      answer = project ? can(access, "ingest", project.id) : canCreateProject(access);
      answers.set(slug, answer);
    }
    return answer;
  };
}
