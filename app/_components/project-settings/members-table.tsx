import type { Member } from "@/lib/server/people";
import { ConfirmAction } from "../forms/confirm-action";
import { AdminBadge } from "../people/people-table";
import { Table, Td, Th, Tr, ActionsTh } from "../table";
import { MemberRoleSelect } from "./member-role-select";

/** The project's people, each with a role select and Remove. */
export function MembersTable({ slug, members }: { slug: string; members: Member[] }) {
  return (
    <Table caption="Project members" framed={false}>
      <thead>
        <tr>
          <Th>Name</Th>
          <Th>Email</Th>
          <Th>Role</Th>
          <ActionsTh />
        </tr>
      </thead>
      <tbody>
        {members.map((m) => (
          <Tr key={m.userId}>
            <Td className="break-words">
              {m.name} {m.isAdmin && <AdminBadge />}
            </Td>
            <Td className="break-words">{m.email}</Td>
            <Td>
              <MemberRoleSelect slug={slug} email={m.email} role={m.role} />
            </Td>
            <Td className="text-right">
              <ConfirmAction
                label="Remove"
                accessibleLabel={`Remove ${m.email}`}
                question="Remove from this project?"
                confirmLabel="Yes, remove"
                path={`/api/v1/projects/${encodeURIComponent(slug)}/members/${m.userId}`}
              />
            </Td>
          </Tr>
        ))}
      </tbody>
    </Table>
  );
}
