import Link from "next/link";
import { liveTokenCounts, type PublicUser } from "@/lib/server/people";
import { formatDate, isoOrUndefined } from "@/lib/format";
import { Table, Td, Th, Tr, ActionsTh } from "../table";
import { PersonActions } from "./person-actions";
import { getDb } from "@/lib/server/database";

export function AdminBadge() {
  return (
    <span className="rounded bg-amber-100 px-1.5 py-0.5 text-xs font-medium text-amber-800 dark:bg-amber-400/15 dark:text-amber-200">
      admin
    </span>
  );
}

/** Everyone with an account; your own row points to Settings instead of offering actions on yourself. */
export async function PeopleTable({
  people,
  selfId,
  passwordMinLength,
}: {
  people: PublicUser[];
  selfId: number;
  passwordMinLength: number;
}) {
  const tokens = await liveTokenCounts(getDb());
  return (
    <Table caption="People with an account" framed={false}>
      <thead>
        <tr>
          <Th>Email</Th>
          <Th>Name</Th>
          <Th>Instance role</Th>
          <Th>Created (UTC)</Th>
          <ActionsTh />
        </tr>
      </thead>
      <tbody>
        {people.map((person) => (
          <Tr key={person.id}>
            <Td className="break-words">{person.email}</Td>
            <Td className="break-words">{person.name}</Td>
            <Td>{person.isAdmin ? <AdminBadge /> : <span className="text-zinc-500 dark:text-zinc-400">user</span>}</Td>
            <Td className="whitespace-nowrap tabular-nums">
              <time dateTime={isoOrUndefined(person.createdAt)}>{formatDate(person.createdAt)}</time>
            </Td>
            <Td className="text-right">
              {person.id === selfId ? (
                <span className="text-xs text-zinc-500 dark:text-zinc-400">
                  You · change your password in{" "}
                  <Link href="/settings#password" className="text-sky-700 hover:underline dark:text-sky-300">
                    Settings
                  </Link>
                </span>
              ) : (
                <PersonActions
                  id={person.id}
                  email={person.email}
                  isAdmin={person.isAdmin}
                  liveTokens={tokens.get(person.id) ?? 0}
                  passwordMinLength={passwordMinLength}
                />
              )}
            </Td>
          </Tr>
        ))}
      </tbody>
    </Table>
  );
}
