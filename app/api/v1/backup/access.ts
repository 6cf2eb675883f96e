import { isInstanceAdmin, type Access } from "@/lib/auth/access";

/**
 * A backup holds everything — every project, every account's password hash, the audit log — so it is an instance
 * admin's: signed in, or through one of their API tokens that has the read permission for all projects, so a
 * script or cron job can fetch it without a browser's sign-in (a token limited to some projects, or that only
 * uploads, may not).
 */
export function mayDownloadBackup(access: Access): boolean {
  if (isInstanceAdmin(access)) return true;
  return (
    access.admin &&
    access.token !== undefined &&
    access.token.projects === null &&
    access.token.permissions.includes("read")
  );
}
