import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { listMembers, listTokens } from "@/lib/server/people";
import { listShares, shareCandidates } from "@/lib/server/projects";
import { can, isInstanceAdmin } from "@/lib/auth/access";
import { mayRevokeToken } from "@/lib/auth/token-revocation";
import { experimentSettings } from "@/lib/server/experiment";
import { visibleProject } from "@/lib/server/auth/project-access";
import { requireViewer } from "@/lib/server/auth/viewer";
import { reviewMode } from "@/lib/server/review-gate";
import { Panel } from "@/app/_components/panel";
import { AddMemberForm } from "@/app/_components/project-settings/add-member-form";
import { DeleteProject } from "@/app/_components/project-settings/delete-project";
import { ExperimentSettingsForm } from "@/app/_components/project-settings/experiment-settings";
import { MembersTable } from "@/app/_components/project-settings/members-table";
import { ResetExperiment } from "@/app/_components/project-settings/reset-experiment";
import { ReviewSettingsForm } from "@/app/_components/project-settings/review-settings";
import { SharesPanel } from "@/app/_components/project-settings/shares-panel";
import { TokensTable } from "@/app/_components/tokens/tokens-table";
import { getDb } from "@/lib/server/database";

export const metadata: Metadata = { title: "Project settings" };

/**
 * A project's people, the tokens limited to it, the lessons shared with it, its guidance review and experiment, and its
 * deletion: for its owners and admins, 404 for anyone else.
 */
export default async function ProjectSettingsPage({ params }: { params: Promise<{ slug: string }> }) {
  const { slug } = await params;
  const viewer = await requireViewer();
  const project = await visibleProject(getDb(), viewer.access, slug);
  if (!project || !can(viewer.access, "manage", project.id)) notFound();
  const members = await listMembers(getDb(), project.id);
  const tokens = await listTokens(getDb(), { projectId: project.id });
  const experiment = await experimentSettings(getDb(), project.slug);
  if (!experiment) notFound();
  // Revoke is offered where it would work: the owner's own tokens, or tokens limited to projects the viewer manages.
  const revocable = new Set<number>();
  for (const t of tokens) {
    const projectIds: number[] = [];
    for (const s of t.projects) projectIds.push((await visibleProject(getDb(), viewer.access, s))?.id ?? 0);
    if (
      mayRevokeToken(
        { userId: viewer.user.id, access: viewer.access },
        { ownerId: t.owner.id, allProjects: t.allProjects, projectIds },
      )
    )
      revocable.add(t.id);
  }
  const shares = await listShares(getDb(), project.id);
  const review = await reviewMode(getDb(), project.id);
  const candidates = isInstanceAdmin(viewer.access) ? await shareCandidates(getDb(), project.id) : null;

  return (
    <div className="space-y-6">
      <Panel title="Members" id="members" aside="Admins see every project without being members">
        <div className="space-y-5">
          {members.length === 0 ? (
            <p className="text-sm text-zinc-500 dark:text-zinc-400">
              Nobody is a member yet. Add people below; they need an account first.
            </p>
          ) : (
            <div className="-mx-4 -mt-4 border-b border-zinc-200 dark:border-zinc-800">
              <MembersTable slug={project.slug} members={members} />
            </div>
          )}
          <AddMemberForm slug={project.slug} />
        </div>
      </Panel>
      <Panel title="Tokens limited to this project" id="project-tokens" flush>
        {tokens.length === 0 ? (
          <p className="p-4 text-sm text-zinc-500 dark:text-zinc-400">
            No token is limited to this project. Members create tokens in their own Settings; tokens for all of
            someone&apos;s projects are not listed here.
          </p>
        ) : (
          <TokensTable tokens={tokens} caption={`Tokens limited to ${project.slug}`} showOwner revocable={revocable} />
        )}
      </Panel>
      <SharesPanel slug={project.slug} shares={shares} candidates={candidates} />
      <Panel title="Review" id="review" aside="Who decides what agents are told">
        <ReviewSettingsForm slug={project.slug} setting={review.setting} on={review.on} byDefault={review.byDefault} />
      </Panel>
      <Panel title="Experiment" id="experiment" aside="Measures whether the guidance changes what agents do">
        <div className="space-y-5">
          <ExperimentSettingsForm
            slug={project.slug}
            holdoutShare={experiment.holdoutShare}
            startedAt={experiment.startedAt}
          />
          {experiment.holdoutShare > 0 && (
            <div className="border-t border-zinc-200 pt-4 dark:border-zinc-800">
              <ResetExperiment slug={project.slug} />
            </div>
          )}
        </div>
      </Panel>
      <Panel title="Danger zone" id="danger" className="border-red-300 dark:border-red-500/40">
        <DeleteProject slug={project.slug} />
      </Panel>
    </div>
  );
}
