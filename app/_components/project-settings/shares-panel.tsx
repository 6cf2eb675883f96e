import type { ProjectShare } from "@/lib/server/projects";
import { Panel } from "../panel";
import { AddShareForm } from "./add-share-form";
import { SharesTable } from "./shares-table";

const MUTED = "text-sm text-zinc-500 dark:text-zinc-400";

/**
 * Which other projects' validated lessons reach this project's guidance by an admin's choice. Projects every
 * member here can also read need no share; admins add and remove shares (`candidates` is null for others), owners see them.
 */
export function SharesPanel({
  slug,
  shares,
  candidates,
}: {
  slug: string;
  shares: ProjectShare[];
  candidates: { slug: string; name: string }[] | null;
}) {
  return (
    <Panel title="Lessons shared with this project" id="shares" aside="Only an admin shares">
      <div className="space-y-5">
        <p className={MUTED}>
          Guidance draws on another project only when everyone who reads this one may read it too, or when an admin
          shares it here. Shared are its proven tool sequences and supported rules, in Starlight&apos;s words; never
          memories or anything a person wrote.
        </p>
        {shares.length === 0 ? (
          <p className={MUTED}>No project is shared with this one.</p>
        ) : (
          <div className="-mx-4 border-y border-zinc-200 dark:border-zinc-800">
            <SharesTable slug={slug} shares={shares} canChange={candidates !== null} />
          </div>
        )}
        {candidates && <AddShareForm slug={slug} candidates={candidates} />}
      </div>
    </Panel>
  );
}
