import type { ProjectShare } from "@/lib/server/projects";
import { formatDate } from "@/lib/format";
import { ConfirmAction } from "../forms/confirm-action";
import { Table, Td, Th, Tr, ActionsTh } from "../table";

/** The projects whose validated lessons an admin shared with this one; admins may stop a share. */
export function SharesTable({ slug, shares, canChange }: { slug: string; shares: ProjectShare[]; canChange: boolean }) {
  return (
    <Table caption="Lessons shared with this project" framed={false}>
      <thead>
        <tr>
          <Th>From project</Th>
          <Th>Shared by</Th>
          <Th>Since</Th>
          {canChange && <ActionsTh />}
        </tr>
      </thead>
      <tbody>
        {shares.map((s) => (
          <Tr key={s.source.id}>
            <Td className="break-words">
              {s.source.name} <span className="text-xs text-zinc-500 dark:text-zinc-400">{s.source.slug}</span>
            </Td>
            <Td className="break-words">{s.createdBy?.name ?? "a deleted account"}</Td>
            <Td className="tabular-nums">{formatDate(s.createdAt)}</Td>
            {canChange && (
              <Td className="text-right">
                <ConfirmAction
                  label="Stop sharing"
                  accessibleLabel={`Stop sharing ${s.source.slug}`}
                  question="Stop sharing these lessons?"
                  confirmLabel="Yes, stop"
                  path={`/api/v1/projects/${encodeURIComponent(slug)}/shares/${encodeURIComponent(s.source.slug)}`}
                />
              </Td>
            )}
          </Tr>
        ))}
      </tbody>
    </Table>
  );
}
