import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { EmptyState } from "@/app/_components/empty-state";
import { Panel } from "@/app/_components/panel";
import { PendingChange } from "@/app/_components/review/pending-change";
import { AcceptAll } from "@/app/_components/review/review-actions";
import { can } from "@/lib/auth/access";
import { requireViewer } from "@/lib/server/auth/viewer";
import { guidanceReview, type ReviewListing } from "@/lib/server/guidance-review";
import { loadProject } from "../load-project";
import { getDb } from "@/lib/server/database";

type Props = { params: Promise<{ slug: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const project = await loadProject((await requireViewer()).access, (await params).slug);
  return { title: project ? `Review · ${project.name}` : "Project not found" };
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

function ModeLine({ review, settings }: { review: ReviewListing; settings: string | null }) {
  const { mode } = review;
  const why =
    mode.setting !== null
      ? "set by an owner"
      : `the default for a project with ${plural(mode.members, "member")} who may upload and ${mode.uploaders > 1 ? "more than one uploader" : plural(mode.uploaders, "uploader")}`;
  return (
    <p aria-live="polite" className="text-sm text-zinc-700 dark:text-zinc-300">
      {mode.on ? (
        <>
          <span className="font-medium">Review is on</span> ({why}): agents get only the{" "}
          {plural(review.served, "accepted item")}, in the version accepted, until an owner accepts a change.
        </>
      ) : (
        <>
          <span className="font-medium">Review is off</span> ({why}): agents get every item as soon as sessions show it.
          What you accept here is what they get once review is on.
        </>
      )}{" "}
      {settings && (
        <Link href={settings} className="font-medium text-sky-700 hover:underline dark:text-sky-300">
          Change in settings
        </Link>
      )}
    </p>
  );
}

/** What waits before agents get it: each new, changed or removed guidance item against its accepted version, with provenance. */
export default async function ReviewPage({ params }: Props) {
  const { slug } = await params;
  const viewer = await requireViewer();
  const project = await loadProject(viewer.access, slug);
  if (!project) notFound();
  const review = await guidanceReview(getDb(), slug);
  if (!review) notFound();
  const owner = can(viewer.access, "manage", project.id);
  const base = `/projects/${encodeURIComponent(slug)}`;
  return (
    <div className="space-y-4">
      <ModeLine review={review} settings={owner ? `${base}/settings#review` : null} />
      {review.pending.length === 0 ? (
        <EmptyState>
          <p className="text-sm font-medium">Nothing waits for review</p>
          <p className="mt-1 text-sm text-zinc-500 dark:text-zinc-400">
            Every item of the{" "}
            <Link href={`${base}/guidance`} className="text-sky-700 hover:underline dark:text-sky-300">
              guidance
            </Link>{" "}
            is in the version last accepted. New sessions that change it will show here.
          </p>
        </EmptyState>
      ) : (
        <Panel
          title="Changes since the last accepted version"
          id="pending"
          aside={
            owner
              ? plural(review.pending.length, "change")
              : `${plural(review.pending.length, "change")} · only owners decide`
          }
          flush
        >
          {owner && (
            <div className="flex min-h-12 items-center justify-between gap-3 border-b border-zinc-200 px-4 py-2 dark:border-zinc-800">
              <p className="text-xs text-zinc-500 dark:text-zinc-400">
                Red is what agents get now, green what they would get. Each decision is in the audit log.
              </p>
              {review.pending.length > 1 && (
                <AcceptAll slug={slug} changes={review.pending.map(({ key, hash }) => ({ key, hash }))} />
              )}
            </div>
          )}
          <ul className="divide-y divide-zinc-100 dark:divide-zinc-800">
            {review.pending.map((change) => (
              <PendingChange key={change.key} slug={slug} change={change} canDecide={owner} />
            ))}
          </ul>
        </Panel>
      )}
    </div>
  );
}
