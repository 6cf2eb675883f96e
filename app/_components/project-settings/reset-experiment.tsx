"use client";

import { useRef, useState } from "react";
import { flushSync } from "react-dom";
import { ALERT, DANGER_LARGE, SECONDARY } from "../forms/styles";
import { useApiAction } from "../forms/use-api-action";

/** Starts the experiment afresh (same share) after an inline confirmation; the safe choice takes the focus. */
export function ResetExperiment({ slug }: { slug: string }) {
  const [confirming, setConfirming] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const { pending, failure, run } = useApiAction();

  function cancel() {
    flushSync(() => setConfirming(false));
    trigger.current?.focus();
  }

  return (
    <div className="space-y-2">
      {confirming ? (
        <div role="group" aria-label="Reset the experiment?" className="flex flex-wrap items-center gap-2">
          <span className="text-sm font-medium text-red-700 dark:text-red-300">
            Start a new experiment? The sessions so far stay in the old one and leave the report.
          </span>
          <button
            type="button"
            disabled={pending}
            onClick={() => run("POST", `/api/v1/projects/${encodeURIComponent(slug)}/experiment/reset`, undefined, cancel)}
            className={DANGER_LARGE}
          >
            {pending ? "Resetting…" : "Yes, reset"}
          </button>
          <button type="button" autoFocus disabled={pending} onClick={cancel} className={SECONDARY}>
            Cancel
          </button>
        </div>
      ) : (
        <div className="flex flex-wrap items-center gap-3">
          <button ref={trigger} type="button" onClick={() => setConfirming(true)} className={SECONDARY}>
            Reset experiment
          </button>
          <span className="text-xs text-zinc-500 dark:text-zinc-400">Same share, counted afresh from now: for a new start after the guidance changed a lot.</span>
        </div>
      )}
      {failure && (
        <p role="alert" className={ALERT}>
          {failure.message}
        </p>
      )}
    </div>
  );
}
