import { EmptyExplained } from "../empty-state";

const PRE =
  "overflow-x-auto rounded-md bg-zinc-100 px-3 py-2 font-mono text-xs text-zinc-800 dark:bg-zinc-800 dark:text-zinc-200";

/** The holdout is on but no session has asked for guidance in this period: how sessions get enrolled. */
export function NoDeliveries({ slug }: { slug: string }) {
  return (
    <EmptyExplained title="No session has asked for guidance since this experiment began.">
      <p>
        A session is enrolled when it asks for guidance with its id. The SessionStart hook does that with the id Claude
        Code hands it on stdin:
      </p>
      <pre tabIndex={0} className={PRE}>
        starlight guidance --hook --project {slug}
      </pre>
      <p>Or, from anything else that starts sessions:</p>
      <pre tabIndex={0} className={PRE}>
        GET /api/v1/projects/{encodeURIComponent(slug)}/guidance?format=hook-json&amp;session=&lt;session id&gt;
      </pre>
      <p>
        Its arm is decided then, and it counts once its transcript arrives. Sessions that start without asking are
        counted as not enrolled and left out of the comparison.
      </p>
    </EmptyExplained>
  );
}
