import Link from "next/link";
import type { Role } from "@/lib/auth/access";

const ROLE_ORDER: Role[] = ["owner", "member", "viewer"];
const ROLE_WORD: Record<Role, string> = { owner: "Owner", member: "Member", viewer: "Viewer" };

/** Who you are and what you may do: admin, or your role in each project. */
export function AccountSummary({
  name,
  email,
  isAdmin,
  memberships,
}: {
  name: string;
  email: string;
  isAdmin: boolean;
  memberships: { slug: string; name: string; role: Role }[];
}) {
  return (
    <dl className="grid grid-cols-[6rem_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm">
      <dt className="text-zinc-500 dark:text-zinc-400">Name</dt>
      <dd className="break-words">{name}</dd>
      <dt className="text-zinc-500 dark:text-zinc-400">Email</dt>
      <dd className="break-words">{email}</dd>
      <dt className="text-zinc-500 dark:text-zinc-400">Access</dt>
      <dd>
        {isAdmin && <p>Instance admin: you see and manage every project, the people and the audit log.</p>}
        {!isAdmin && memberships.length === 0 && (
          <p className="text-zinc-600 dark:text-zinc-400">
            No projects yet. Ask a project owner or an admin to add you.
          </p>
        )}
        {memberships.length > 0 && (
          <ul className="space-y-0.5">
            {ROLE_ORDER.flatMap((role) =>
              memberships
                .filter((m) => m.role === role)
                .map((m) => (
                  <li key={m.slug}>
                    <span className="text-zinc-500 dark:text-zinc-400">{ROLE_WORD[role]} of </span>
                    <Link
                      href={`/projects/${encodeURIComponent(m.slug)}`}
                      className="text-sky-700 hover:underline dark:text-sky-300"
                    >
                      {m.name}
                    </Link>
                  </li>
                )),
            )}
          </ul>
        )}
      </dd>
    </dl>
  );
}
