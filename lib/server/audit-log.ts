import "server-only";

/** The audit log as Settings → Audit pages through it (entries are written by ./auth/audit.ts). */
export { listAudit, type AuditEntry } from "@/db/queries/audit";
