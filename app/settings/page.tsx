import type { Metadata } from "next";
import { headers } from "next/headers";
import Link from "next/link";
import { listReadableProjects } from "@/lib/server/projects";
import { listTokens } from "@/lib/server/people";
import { readableProjects } from "@/lib/auth/access";
import { PASSWORD_MIN_LENGTH } from "@/lib/auth/password";
import { cliCommand } from "@/lib/auth/token-snippets";
import { requireViewer } from "@/lib/server/auth/viewer";
import { AccountSummary } from "@/app/_components/account/account-summary";
import { PasswordForm } from "@/app/_components/account/password-form";
import { PageHeader } from "@/app/_components/page-header";
import { Panel } from "@/app/_components/panel";
import { requestOrigin } from "@/app/_components/request-origin";
import { TokenCreateForm } from "@/app/_components/tokens/token-create-form";
import { TokensTable } from "@/app/_components/tokens/tokens-table";
import { getDb } from "@/lib/server/database";

export const metadata: Metadata = { title: "Settings" };

/** Your account, your password and your API tokens. */
export default async function SettingsPage() {
  const viewer = await requireViewer();
  const origin = requestOrigin(await headers());
  const projects = (await listReadableProjects(getDb(), readableProjects(viewer.access))).map(({ id, slug, name }) => ({
    id,
    slug,
    name,
  }));
  const memberships = projects.flatMap((p) => {
    const role = viewer.access.roles.get(p.id);
    return role ? [{ slug: p.slug, name: p.name, role }] : [];
  });
  const tokens = await listTokens(getDb(), { userId: viewer.user.id });

  return (
    <>
      <PageHeader
        title="Settings"
        description="Your account, your password and the API tokens your hooks and scripts use."
      />
      <div className="grid gap-6 lg:grid-cols-2">
        <Panel title="Your account" id="account">
          <AccountSummary
            name={viewer.user.name}
            email={viewer.user.email}
            isAdmin={viewer.user.isAdmin}
            memberships={memberships}
          />
        </Panel>
        <Panel title="Change password" id="password">
          <PasswordForm passwordMinLength={PASSWORD_MIN_LENGTH} />
        </Panel>
      </div>
      <div className="mt-6 space-y-6">
        <Panel
          title="API tokens"
          id="tokens"
          aside={
            <>
              A token acts for you, limited to its permissions and projects ·{" "}
              <Link href="/settings/api" className="font-medium text-sky-700 hover:underline dark:text-sky-300">
                API reference
              </Link>
            </>
          }
        >
          <TokenCreateForm
            projects={projects.map(({ slug, name }) => ({ slug, name }))}
            origin={origin}
            cli={cliCommand(process.cwd())}
          />
        </Panel>
        <Panel
          title="Your tokens"
          id="your-tokens"
          flush
          aside={tokens.length === 0 ? undefined : `${tokens.length} in all`}
        >
          {tokens.length === 0 ? (
            <p className="p-4 text-sm text-zinc-500 dark:text-zinc-400">
              No tokens yet. Create one above for the CLI or a Claude Code hook.
            </p>
          ) : (
            <TokensTable tokens={tokens} caption="Your API tokens" />
          )}
        </Panel>
      </div>
    </>
  );
}
