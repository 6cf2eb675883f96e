"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";

type Outcome = "succeeded" | "failed";

const BUTTON =
  "rounded-md border px-2.5 py-1 text-xs font-medium transition-colors disabled:opacity-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-500";
const IDLE = "border-zinc-300 bg-white text-zinc-700 hover:bg-zinc-50 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-200 dark:hover:bg-zinc-800";
const PRESSED: Record<Outcome, string> = {
  succeeded: "border-emerald-600 bg-emerald-600 text-white",
  failed: "border-red-600 bg-red-600 text-white",
};

/** Lets a person judge the session's outcome (or undo that), replacing the score everywhere it is used. */
export function OutcomeControl({ sessionId, current }: { sessionId: number; current: Outcome | null }) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [error, setError] = useState<string | null>(null);

  function send(outcome: Outcome | null) {
    setError(null);
    startTransition(async () => {
      const response = await fetch(`/api/v1/sessions/${sessionId}/outcome`, {
        method: "PUT",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ outcome }),
      }).catch(() => null);
      if (!response?.ok) {
        const body = (await response?.json().catch(() => null)) as { error?: { message?: string } } | null;
        setError(body?.error?.message ?? "Could not save the outcome; is the server running?");
        return;
      }
      router.refresh();
    });
  }

  return (
    <div className="space-y-1.5" role="group" aria-label="Judge the outcome">
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-xs text-zinc-500 dark:text-zinc-400">Judge it:</span>
        {(["succeeded", "failed"] as const).map((outcome) => (
          <button
            key={outcome}
            type="button"
            aria-pressed={current === outcome}
            disabled={pending}
            onClick={() => send(current === outcome ? null : outcome)}
            className={`${BUTTON} ${current === outcome ? PRESSED[outcome] : IDLE}`}
          >
            {outcome === "succeeded" ? "Succeeded" : "Failed"}
          </button>
        ))}
        {current && (
          <button type="button" disabled={pending} onClick={() => send(null)} className={`${BUTTON} ${IDLE}`}>
            Restore original score
          </button>
        )}
      </div>
      {error && (
        <p role="alert" className="text-xs text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
    </div>
  );
}
