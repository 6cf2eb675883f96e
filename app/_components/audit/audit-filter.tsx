import Link from "next/link";
import { AUDIT_KINDS } from "@/lib/auth/audit-kinds";
import { auditHref } from "./audit-href";

const PILL =
  "rounded-full border border-zinc-200 px-2.5 py-0.5 text-xs font-medium text-zinc-600 hover:border-zinc-300 hover:text-zinc-900 aria-[current=page]:border-sky-600 aria-[current=page]:bg-sky-50 aria-[current=page]:text-sky-800 dark:border-zinc-700 dark:text-zinc-400 dark:hover:text-zinc-100 dark:aria-[current=page]:border-sky-400 dark:aria-[current=page]:bg-sky-400/10 dark:aria-[current=page]:text-sky-200";

/** Links that filter the log by kind of action; the filter lives in the URL. */
export function AuditFilter({ action }: { action: string | undefined }) {
  const kinds = [{ value: undefined, label: "All" }, ...AUDIT_KINDS];
  return (
    <nav aria-label="Filter by action" className="mb-3 flex flex-wrap gap-1.5">
      {kinds.map((kind) => (
        <Link
          key={kind.label}
          href={auditHref(kind.value)}
          aria-current={kind.value === action ? "page" : undefined}
          className={PILL}
        >
          {kind.label}
        </Link>
      ))}
    </nav>
  );
}
