/**
 * Which other projects' validated lessons may reach a project's guidance. Guidance is one text per project,
 * read by everyone who can read the project (and by their tokens, which act as them), so a source project B
 * qualifies for project A only when
 * - an instance admin shared B's lessons with A (an explicit opt-in), or
 * - every person who can read A without being an admin can also read B (admins read everything).
 * A project nobody but admins can read (a solo instance) therefore draws on every other project.
 */
export interface EligibilityInput {
  /** The project whose guidance is being made. */
  project: number;
  /** Every project id. */
  projects: readonly number[];
  /** Project id → the non-admin people who can read it (its members, any role); absent means nobody. Only the target's own readers matter. */
  readers: ReadonlyMap<number, ReadonlySet<number>>;
  /** Source projects an admin shared with `project`. */
  sharedWith: ReadonlySet<number>;
}

/** The eligible source projects, in the order of `projects`; never the project itself. */
export function eligibleSources({ project, projects, readers, sharedWith }: EligibilityInput): number[] {
  const own = [...(readers.get(project) ?? [])];
  return projects.filter((source) => {
    if (source === project) return false;
    if (sharedWith.has(source)) return true;
    const theirs = readers.get(source);
    return own.every((person) => theirs?.has(person) ?? false);
  });
}
