import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { listAudit } from "@/lib/server/audit-log";
import { isInstanceAdmin } from "@/lib/auth/access";
import { AUDIT_KINDS, isAuditKind } from "@/lib/auth/audit-kinds";
import { requireViewer } from "@/lib/server/auth/viewer";
import { auditHref } from "@/app/_components/audit/audit-href";
import { AuditFilter } from "@/app/_components/audit/audit-filter";
import { AuditTable } from "@/app/_components/audit/audit-table";
import { PageHeader } from "@/app/_components/page-header";
import { Panel } from "@/app/_components/panel";
import { getDb } from "@/lib/server/database";

export const metadata: Metadata = { title: "Audit log" };

const PAGE_SIZE = 50;

function positiveInt(raw: string | string[] | undefined): number | undefined {
  const value = Number(Array.isArray(raw) ? raw[0] : raw);
  return Number.isSafeInteger(value) && value > 0 ? value : undefined;
}

/** Who did what, newest first, for instance admins; filtered by kind and paged by `before` in the URL. */
export default async function AuditPage({
  searchParams,
}: {
  searchParams: Promise<{ action?: string | string[]; before?: string | string[] }>;
}) {
  const viewer = await requireViewer();
  if (!isInstanceAdmin(viewer.access)) notFound();
  const query = await searchParams;
  const rawAction = Array.isArray(query.action) ? query.action[0] : query.action;
  const action = isAuditKind(rawAction) ? rawAction : undefined;
  const before = positiveInt(query.before);
  const rows = await listAudit(getDb(), { before, limit: PAGE_SIZE + 1, action });
  const entries = rows.slice(0, PAGE_SIZE);
  const older = rows.length > PAGE_SIZE ? entries[entries.length - 1]!.id : undefined;
  const kindLabel = AUDIT_KINDS.find((k) => k.value === action)?.label.toLowerCase();

  return (
    <>
      <PageHeader
        crumbs={[{ href: "/settings", label: "Settings" }]}
        title="Audit log"
        description="Sign-ins, token changes, uploads, deletions and role changes, newest first. Times are UTC."
      />
      <AuditFilter action={action} />
      <Panel title={kindLabel ? `Entries: ${kindLabel}` : "Entries"} id="audit" flush>
        {entries.length === 0 ? (
          <p className="p-4 text-sm text-zinc-500 dark:text-zinc-400">
            {before ? "No older entries." : "Nothing recorded yet."}
          </p>
        ) : (
          <AuditTable entries={entries} />
        )}
      </Panel>
      <nav aria-label="Pages" className="mt-3 flex justify-end gap-3 text-sm">
        {before !== undefined && (
          <Link href={auditHref(action)} className="font-medium text-sky-700 hover:underline dark:text-sky-300">
            ← Newest
          </Link>
        )}
        {older !== undefined && (
          <Link href={auditHref(action, older)} className="font-medium text-sky-700 hover:underline dark:text-sky-300">
            Older →
          </Link>
        )}
      </nav>
    </>
  );
}
