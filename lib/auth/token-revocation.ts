import { can, isInstanceAdmin, type Access } from "./access";

/**
 * Who may revoke a token: the person it belongs to, an instance admin, or someone who manages every project
 * the token is limited to (an owner cleaning up their project). A token for all projects is its owner's alone.
 */
export function mayRevokeToken(
  caller: { userId: number; access: Access },
  token: { ownerId: number; allProjects: boolean; projectIds: readonly number[] },
): boolean {
  if (token.ownerId === caller.userId || isInstanceAdmin(caller.access)) return true;
  if (token.allProjects || token.projectIds.length === 0) return false;
  return token.projectIds.every((id) => can(caller.access, "manage", id));
}
