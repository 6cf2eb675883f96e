import Link from "next/link";
import { formatQuantity } from "@/lib/format";
import { EmptyExplained } from "../empty-state";

const LINK = "font-medium text-sky-700 hover:underline dark:text-sky-300";

/**
 * The holdout is off: what the experiment is, what it needs (the SessionStart hook asking with the session's
 * id), whether sessions asked meanwhile (their report follows), and for those who manage the project the way to
 * Settings to turn it on.
 */
export function ExperimentOff({ slug, canManage, enrolled }: { slug: string; canManage: boolean; enrolled: number }) {
  return (
    <EmptyExplained title="The experiment is off.">
      <p>
        Does the guidance change what your agents do? With a holdout on, each session that asks for guidance is put, at
        random, in the guidance arm or in a holdout that gets none. When the sessions&apos; transcripts arrive, this
        page compares the two arms: cost per session (the outcome declared primary), success, tokens, steps, time,
        errors and known mistakes repeated, each with an interval, how many more sessions a verdict needs, whether the
        guidance pays for itself, and each rule&apos;s own randomised effect.
      </p>
      <p>
        It needs the SessionStart hook to ask for guidance with the session&apos;s id:{" "}
        <code className="rounded bg-zinc-100 px-1 font-mono text-xs dark:bg-zinc-800">starlight guidance --hook</code>{" "}
        does that (see docs/experiment.md and docs/measuring-the-effect.md in the repository). Sessions that never ask
        are left out of the comparison.
      </p>
      {enrolled > 0 && (
        <p>
          {formatQuantity(enrolled, "session")} asked for guidance since this period began; all of them got it. What
          they recorded, and what can be measured without a holdout (how often the agents followed the rules, success
          and cost in the guidance arm), is below.
        </p>
      )}
      <p>
        {canManage ? (
          <Link href={`/projects/${encodeURIComponent(slug)}/settings#experiment`} className={LINK}>
            Turn the holdout on in Settings
          </Link>
        ) : (
          "A project owner or an admin can turn the holdout on in the project's Settings."
        )}
      </p>
    </EmptyExplained>
  );
}
