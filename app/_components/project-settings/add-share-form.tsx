"use client";

import type { FormEvent } from "react";
import { Button } from "../button";
import { HINT, LABEL, SELECT } from "../forms/styles";
import { useApiAction } from "../forms/use-api-action";
import { FormAlert } from "../forms/form-alert";

/** An admin's opt-in: another project's validated lessons reach this project's guidance. */
export function AddShareForm({ slug, candidates }: { slug: string; candidates: { slug: string; name: string }[] }) {
  const { pending, failure, run } = useApiAction();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    run("POST", `/api/v1/projects/${encodeURIComponent(slug)}/shares`, {
      source: new FormData(event.currentTarget).get("source"),
    });
  }

  if (candidates.length === 0)
    return <p className={HINT}>Every other project already shares its lessons with this one.</p>;
  return (
    <form onSubmit={submit} aria-label="Share lessons" className="space-y-2">
      <div className="flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor="share-source" className={LABEL}>
            Share lessons from
          </label>
          <select id="share-source" name="source" required className={`mt-1 h-9 ${SELECT}`}>
            {candidates.map((c) => (
              <option key={c.slug} value={c.slug}>
                {c.name} ({c.slug})
              </option>
            ))}
          </select>
        </div>
        <Button type="submit" variant="primary" size="lg" disabled={pending}>
          {pending ? "Sharing…" : "Share"}
        </Button>
      </div>
      <p className={HINT}>
        Its proven tool sequences and supported rules, in Starlight&apos;s words and naming it, then reach this
        project&apos;s guidance and everyone who reads it. Nothing a person wrote or an upload carried is shared.
      </p>
      <FormAlert message={failure?.message} />
    </form>
  );
}
