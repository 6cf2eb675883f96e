import type { TokenSummary } from "@/lib/server/people";
import { formatDateTime, isoOrUndefined } from "@/lib/format";
import { ConfirmAction } from "../forms/confirm-action";
import { Table, Td, Th, Tr, ActionsTh } from "../table";

function When({ ms, none }: { ms: number | null; none: string }) {
  if (ms === null) return <span className="text-zinc-500 dark:text-zinc-400">{none}</span>;
  return <time dateTime={isoOrUndefined(ms)}>{formatDateTime(ms)}</time>;
}

/** API tokens with what they may do and where, when they were last used, and a Revoke button for live ones. */
export function TokensTable({
  tokens,
  caption,
  showOwner = false,
  revocable,
}: {
  tokens: TokenSummary[];
  caption: string;
  showOwner?: boolean;
  /** The tokens the viewer may revoke; all of them when absent (their own). */
  revocable?: ReadonlySet<number>;
}) {
  return (
    <Table caption={caption} framed={false}>
      <thead>
        <tr>
          <Th>Name</Th>
          {showOwner && <Th>Owner</Th>}
          <Th>Token</Th>
          <Th>Permissions</Th>
          <Th>Projects</Th>
          <Th>Created (UTC)</Th>
          <Th>Last used (UTC)</Th>
          <Th>Status</Th>
          <ActionsTh />
        </tr>
      </thead>
      <tbody>
        {tokens.map((t) => (
          <Tr key={t.id}>
            <Td className="font-medium break-words">{t.name}</Td>
            {showOwner && <Td className="break-words">{t.owner.email}</Td>}
            <Td>
              <code className="font-mono text-xs whitespace-nowrap">{t.prefix}…</code>
            </Td>
            <Td className="whitespace-nowrap">{t.permissions.join(", ")}</Td>
            <Td className="break-words">
              {t.allProjects ? (
                <span className="text-zinc-500 dark:text-zinc-400">all</span>
              ) : (
                t.projects.join(", ") || "—"
              )}
            </Td>
            <Td className="whitespace-nowrap tabular-nums">
              <When ms={t.createdAt} none="—" />
            </Td>
            <Td className="whitespace-nowrap tabular-nums">
              <When ms={t.lastUsedAt} none="never" />
            </Td>
            <Td className="whitespace-nowrap">
              {t.revokedAt === null ? (
                <span className="rounded bg-emerald-100 px-1.5 py-0.5 text-xs font-medium text-emerald-800 dark:bg-emerald-500/15 dark:text-emerald-200">
                  active
                </span>
              ) : (
                <span
                  title={`revoked ${formatDateTime(t.revokedAt)} UTC`}
                  className="rounded bg-zinc-100 px-1.5 py-0.5 text-xs font-medium text-zinc-600 dark:bg-zinc-800 dark:text-zinc-400"
                >
                  revoked
                </span>
              )}
            </Td>
            <Td className="text-right">
              {t.revokedAt === null && (revocable?.has(t.id) ?? true) && (
                <ConfirmAction
                  label="Revoke"
                  accessibleLabel={`Revoke token ${t.name}`}
                  question="Revoke this token?"
                  confirmLabel="Yes, revoke"
                  path={`/api/v1/tokens/${t.id}`}
                />
              )}
            </Td>
          </Tr>
        ))}
      </tbody>
    </Table>
  );
}
