/**
 * The kinds of audit entry an admin can filter by. Each value matches the action itself and its sub-actions
 * ("token" matches token.create and token.revoke; "sign_in" also matches sign_in.failed).
 */
export const AUDIT_KINDS = [
  { value: "sign_in", label: "Sign-in" },
  { value: "token", label: "Token" },
  { value: "ingest", label: "Ingest" },
  { value: "project", label: "Project" },
  { value: "member", label: "Member" },
  { value: "share", label: "Share" },
  { value: "user", label: "User" },
  { value: "memory", label: "Memory" },
  { value: "experiment", label: "Experiment" },
  { value: "guidance", label: "Guidance review" },
  { value: "ablation", label: "Ablation" },
  { value: "backup", label: "Backup" },
] as const;

export type AuditKind = (typeof AUDIT_KINDS)[number]["value"];

export function isAuditKind(value: unknown): value is AuditKind {
  return AUDIT_KINDS.some((kind) => kind.value === value);
}
