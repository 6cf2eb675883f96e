"use client";

import { useState, type FormEvent } from "react";
import { formatDateTime, formatShare } from "@/lib/format";
import { SHARE_CHOICES } from "../experiment/view";
import { Button } from "../button";
import { CHECKBOX, HINT, LABEL, SELECT } from "../forms/styles";
import { useApiAction } from "../forms/use-api-action";
import { FormAlert } from "../forms/form-alert";

const DEFAULT_SHARE = 0.2;

/**
 * The guidance experiment's holdout: on or off, and the share of sessions that get no guidance. Saving a
 * different share starts a new experiment period, which the hint says before anyone saves.
 */
export function ExperimentSettingsForm({
  slug,
  holdoutShare,
  startedAt,
}: {
  slug: string;
  holdoutShare: number;
  startedAt: number;
}) {
  const { pending, failure, run } = useApiAction();
  const [on, setOn] = useState<boolean | null>(null);
  const [share, setShare] = useState<number | null>(null);
  const enabled = on ?? holdoutShare > 0;
  const chosen = share ?? (holdoutShare > 0 ? holdoutShare : DEFAULT_SHARE);
  const target = enabled ? chosen : 0;
  const choices = SHARE_CHOICES.some((c) => c === chosen)
    ? SHARE_CHOICES
    : [...SHARE_CHOICES, chosen].sort((a, b) => a - b);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    run("PUT", `/api/v1/projects/${encodeURIComponent(slug)}/experiment`, { holdoutShare: target }, () => {
      setOn(null);
      setShare(null);
    });
  }

  return (
    <form onSubmit={submit} aria-label="Holdout" className="space-y-3">
      <p aria-live="polite" className="text-sm text-zinc-700 dark:text-zinc-300">
        {holdoutShare > 0 ? (
          <>
            <span className="font-medium">On:</span> {formatShare(holdoutShare)} of the sessions that ask for guidance
            get none, since {formatDateTime(startedAt)} UTC.
          </>
        ) : (
          <>
            <span className="font-medium">Off:</span> every session that asks for guidance gets it (and is still
            recorded).
          </>
        )}
      </p>
      <div className="flex flex-wrap items-end gap-x-6 gap-y-3">
        <label className="flex h-8 items-center gap-2 text-sm font-medium text-zinc-800 dark:text-zinc-200">
          <input
            type="checkbox"
            checked={enabled}
            onChange={(event) => setOn(event.target.checked)}
            className={CHECKBOX}
          />
          Hold back guidance from some sessions
        </label>
        <div>
          <label htmlFor="holdout-share" className={LABEL}>
            Share held back
          </label>
          <select
            id="holdout-share"
            value={chosen}
            disabled={!enabled}
            onChange={(event) => setShare(Number(event.target.value))}
            aria-describedby="holdout-consequence"
            className={`mt-1 ${SELECT}`}
          >
            {choices.map((c) => (
              <option key={c} value={c}>
                {formatShare(c)} of sessions
              </option>
            ))}
          </select>
        </div>
        <Button type="submit" variant="primary" size="lg" disabled={pending || target === holdoutShare}>
          {pending ? "Saving…" : "Save holdout"}
        </Button>
      </div>
      <p id="holdout-consequence" className={HINT}>
        Changing the share starts a new experiment; sessions so far stay in the old one, and the Experiment page shows
        only the new one. Holdout sessions are chosen at random from each session&apos;s id, so a retried hook gets the
        same answer.
      </p>
      <FormAlert message={failure?.message} />
    </form>
  );
}
