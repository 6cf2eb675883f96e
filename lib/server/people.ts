import "server-only";

/** People, their roles, tokens and a project's members, as the settings pages and the API list and change them. */
export { PROJECT_ROLES, TOKEN_PERMISSIONS } from "@/db/schema";
export { adminExists, findUserByEmail, listUsers, updateUser, type PublicUser } from "@/db/queries/users";
export { liveTokenCounts } from "@/db/queries/user-tokens";
export { getToken, listTokens, revokeToken, type TokenSummary } from "@/db/queries/tokens";
export { listMembers, removeMember, setMember, type Member } from "@/db/queries/members";
