import type { Role } from "./access";

/**
 * Whether giving `userId` the role `next` (null: removing them) would leave a project that has owners with
 * none. Only instance admins may do that; an owner cannot lock everyone out of their own project.
 */
export function leavesNoOwner(
  members: readonly { userId: number; role: Role }[],
  userId: number,
  next: Role | null,
): boolean {
  const target = members.find((m) => m.userId === userId);
  if (target?.role !== "owner" || next === "owner") return false;
  return members.filter((m) => m.role === "owner").length === 1;
}
