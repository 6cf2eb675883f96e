"use client";

import { Button } from "../button";
import { FormAlert } from "../forms/form-alert";
import { useApiAction } from "../forms/use-api-action";

type Verdict = "accept" | "reject";
interface Decision {
  key: string;
  hash: string;
  verdict: Verdict;
}

const path = (slug: string) => `/api/v1/projects/${encodeURIComponent(slug)}/guidance/review`;

/** Accept and Reject for one pending change, at the version shown (its hash). */
export function ReviewActions({
  slug,
  itemKey,
  hash,
  label,
}: {
  slug: string;
  itemKey: string;
  hash: string;
  label: string;
}) {
  const { pending, failure, run } = useApiAction();
  const send = (verdict: Verdict) =>
    run("POST", path(slug), { decisions: [{ key: itemKey, hash, verdict }] satisfies Decision[] });
  return (
    <div className="flex flex-col items-end gap-1">
      <div className="flex gap-2">
        <Button
          size="sm"
          variant="success"
          disabled={pending}
          onClick={() => send("accept")}
          aria-label={`Accept ${label}`}
        >
          Accept
        </Button>
        <Button
          size="sm"
          variant="secondary"
          disabled={pending}
          onClick={() => send("reject")}
          aria-label={`Reject ${label}`}
        >
          Reject
        </Button>
      </div>
      <FormAlert message={failure?.message} />
    </div>
  );
}

/** Accepts every change shown, each at the version shown. */
export function AcceptAll({ slug, changes }: { slug: string; changes: { key: string; hash: string }[] }) {
  const { pending, failure, run } = useApiAction();
  const accept = () =>
    run("POST", path(slug), { decisions: changes.map((c) => ({ ...c, verdict: "accept" })) satisfies Decision[] });
  return (
    <div className="flex flex-col items-end gap-1">
      <Button variant="primary" size="md" disabled={pending} onClick={accept}>
        {pending ? "Accepting…" : `Accept all ${changes.length}`}
      </Button>
      <FormAlert message={failure?.message} />
    </div>
  );
}
