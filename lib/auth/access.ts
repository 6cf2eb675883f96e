/**
 * Who may do what, as plain data: an instance admin may do anything; everyone else has a role per project.
 * A token acts for the person who made it, narrowed to its permissions and projects, and never administers.
 */

export type Role = "viewer" | "member" | "owner";
export type TokenPermission = "read" | "ingest";

/** read: see the project; ingest: upload; curate: label sessions and edit memories; manage: people, tokens, deletion. */
export type Action = "read" | "ingest" | "curate" | "manage";

export interface Access {
  admin: boolean;
  /** Project id → the person's role there. */
  roles: ReadonlyMap<number, Role>;
  /** Present when a token is acting. `projects` null means every project its owner can reach. */
  token?: { permissions: readonly TokenPermission[]; projects: readonly number[] | null };
}

const RANK: Record<Role, number> = { viewer: 1, member: 2, owner: 3 };
const NEEDS: Record<Action, Role> = { read: "viewer", ingest: "member", curate: "member", manage: "owner" };
const TOKEN_CAN: Record<Action, TokenPermission | null> = {
  read: "read",
  ingest: "ingest",
  curate: null,
  manage: null,
};

function personCan(access: Access, action: Action, projectId: number): boolean {
  if (access.admin) return true;
  const role = access.roles.get(projectId);
  return role !== undefined && RANK[role] >= RANK[NEEDS[action]];
}

function tokenAllows(access: Access, action: Action, projectId: number): boolean {
  const token = access.token;
  if (!token) return true;
  const permission = TOKEN_CAN[action];
  if (permission === null || !token.permissions.includes(permission)) return false;
  return token.projects === null || token.projects.includes(projectId);
}

/** Whether the caller may do `action` in the project. */
export function can(access: Access, action: Action, projectId: number): boolean {
  return personCan(access, action, projectId) && tokenAllows(access, action, projectId);
}

/** Instance administration (people, the audit log, server folders) needs an admin signed in, not a token. */
export function isInstanceAdmin(access: Access): boolean {
  return access.admin && !access.token;
}

/** Uploading to a project that does not exist yet creates it: admins only, or their tokens for every project. */
export function canCreateProject(access: Access): boolean {
  if (!access.admin) return false;
  return !access.token || (access.token.projects === null && access.token.permissions.includes("ingest"));
}

/** The projects the caller may read: "all", or their ids. */
export function readableProjects(access: Access): "all" | number[] {
  if (access.admin && (!access.token || access.token.projects === null)) {
    return access.token && !access.token.permissions.includes("read") ? [] : "all";
  }
  const candidates = access.admin ? (access.token?.projects ?? []) : [...access.roles.keys()];
  return candidates.filter((id) => can(access, "read", id));
}

/**
 * Whether the caller may read what belongs to no project (global memories): anyone signed in, and a token only with
 * the read permission. Ingest does not imply read: an upload-only token (the one on a developer's laptop) reads
 * nothing it was not given read permission for.
 */
export function canReadGlobal(access: Access): boolean {
  return !access.token || access.token.permissions.includes("read");
}

/** Whether the caller may upload anywhere at all (decides whether the Upload page is offered). */
export function canUploadSomewhere(access: Access): boolean {
  if (canCreateProject(access)) return true;
  const ids = access.admin ? (access.token?.projects ?? []) : [...access.roles.keys()];
  return ids.some((id) => can(access, "ingest", id));
}
