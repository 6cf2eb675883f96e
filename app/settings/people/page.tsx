import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { listUsers } from "@/lib/server/people";
import { isInstanceAdmin } from "@/lib/auth/access";
import { PASSWORD_MIN_LENGTH } from "@/lib/auth/password";
import { formatQuantity } from "@/lib/format";
import { requireViewer } from "@/lib/server/auth/viewer";
import { PageHeader } from "@/app/_components/page-header";
import { Panel } from "@/app/_components/panel";
import { AddPersonForm } from "@/app/_components/people/add-person-form";
import { PeopleTable } from "@/app/_components/people/people-table";
import { getDb } from "@/lib/server/database";

export const metadata: Metadata = { title: "People" };

/** Instance admins add people, reset passwords and choose the admins; anyone else gets a 404. */
export default async function PeoplePage() {
  const viewer = await requireViewer();
  if (!isInstanceAdmin(viewer.access)) notFound();
  const people = await listUsers(getDb());
  return (
    <>
      <PageHeader
        crumbs={[{ href: "/settings", label: "Settings" }]}
        title="People"
        description={`${formatQuantity(people.length, "account")}. Project access is given on each project's Settings tab.`}
      />
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <Panel title="Everyone" id="people" flush>
          <PeopleTable people={people} selfId={viewer.user.id} passwordMinLength={PASSWORD_MIN_LENGTH} />
        </Panel>
        <Panel title="Add person" id="add-person">
          <AddPersonForm passwordMinLength={PASSWORD_MIN_LENGTH} />
        </Panel>
      </div>
    </>
  );
}
