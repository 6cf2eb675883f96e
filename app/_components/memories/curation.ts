interface ProjectOption {
  slug: string;
  name: string;
}

/** Where the viewer may add, edit, pin and delete memories: these projects, and global memories when `global`. */
export interface Curation {
  projects: ProjectOption[];
  global: boolean;
}

/** Whether the viewer may curate memories of this project (null: global memories). */
export function mayCurate(curation: Curation, project: string | null): boolean {
  return project === null ? curation.global : curation.projects.some((p) => p.slug === project);
}

/** Whether the viewer may curate anything at all (decides whether "Add memory" is offered). */
export function curatesAnything(curation: Curation): boolean {
  return curation.global || curation.projects.length > 0;
}

/**
 * The project a new memory starts in: the one the search is narrowed to when the viewer may add there; else
 * global for those who may, or the viewer's first project.
 */
export function startingProject(curation: Curation, wanted: string | undefined): string | null {
  if (wanted !== undefined && mayCurate(curation, wanted)) return wanted;
  return curation.global ? null : (curation.projects[0]?.slug ?? null);
}
