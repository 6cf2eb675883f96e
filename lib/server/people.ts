import "server-only";

/** People, their tokens and a project's members, as the settings pages list them. */
export { adminExists, listUsers, type PublicUser } from "@/db/queries/users";
export { liveTokenCounts } from "@/db/queries/user-tokens";
export { listTokens, type TokenSummary } from "@/db/queries/tokens";
export { listMembers, type Member } from "@/db/queries/members";
export { listShares, shareCandidates, type ProjectShare } from "@/db/queries/project-shares";
