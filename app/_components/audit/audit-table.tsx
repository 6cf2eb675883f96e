import type { AuditEntry } from "@/lib/server/audit-log";
import { formatDateTime, isoOrUndefined } from "@/lib/format";
import { Table, Td, Th, Tr } from "../table";

/** `{ role: "owner" }` → `role: owner`; values are shown as text, never as markup. */
function describeDetail(detail: Record<string, unknown> | null): string {
  if (!detail) return "";
  return Object.entries(detail)
    .map(
      ([key, value]) =>
        `${key}: ${typeof value === "string" ? value : Array.isArray(value) ? value.join(", ") : JSON.stringify(value)}`,
    )
    .join(" · ");
}

function actionTone(action: string): string {
  if (action.endsWith(".failed")) return "text-red-700 dark:text-red-300";
  if (action.endsWith(".delete") || action.endsWith(".revoke") || action.endsWith(".remove"))
    return "text-amber-700 dark:text-amber-300";
  return "";
}

/** The audit log, newest first. */
export function AuditTable({ entries }: { entries: AuditEntry[] }) {
  return (
    <Table caption="Audit log, newest first" framed={false}>
      <thead>
        <tr>
          <Th>Time (UTC)</Th>
          <Th>Actor</Th>
          <Th>Action</Th>
          <Th>Target</Th>
          <Th>Detail</Th>
          <Th>IP</Th>
        </tr>
      </thead>
      <tbody>
        {entries.map((entry) => (
          <Tr key={entry.id}>
            <Td className="whitespace-nowrap tabular-nums">
              <time dateTime={isoOrUndefined(entry.at)}>{formatDateTime(entry.at)}</time>
            </Td>
            <Td className="break-words">{entry.actor}</Td>
            <Td className={`font-mono text-xs whitespace-nowrap ${actionTone(entry.action)}`}>{entry.action}</Td>
            <Td className="break-words">{entry.target ?? ""}</Td>
            <Td className="text-xs [overflow-wrap:anywhere] text-zinc-600 dark:text-zinc-400">
              {describeDetail(entry.detail)}
            </Td>
            <Td className="font-mono text-xs whitespace-nowrap text-zinc-500 dark:text-zinc-400">{entry.ip ?? ""}</Td>
          </Tr>
        ))}
      </tbody>
    </Table>
  );
}
