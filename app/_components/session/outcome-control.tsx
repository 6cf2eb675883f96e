"use client";

import { Button } from "../button";
import { useApiAction } from "../forms/use-api-action";

type Outcome = "succeeded" | "failed";

const PRESSED = { succeeded: "success", failed: "danger" } as const;

/** Lets a person judge the session's outcome (or undo that), replacing the score everywhere it is used. */
export function OutcomeControl({ sessionId, current }: { sessionId: number; current: Outcome | null }) {
  const { pending, failure, run } = useApiAction();
  const send = (outcome: Outcome | null) => run("PUT", `/api/v1/sessions/${sessionId}/outcome`, { outcome });

  return (
    <div className="space-y-1.5" role="group" aria-label="Judge the outcome">
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-xs text-zinc-500 dark:text-zinc-400">Judge it:</span>
        {(["succeeded", "failed"] as const).map((outcome) => (
          <Button
            key={outcome}
            variant={current === outcome ? PRESSED[outcome] : "secondary"}
            size="sm"
            aria-pressed={current === outcome}
            disabled={pending}
            onClick={() => send(current === outcome ? null : outcome)}
          >
            {outcome === "succeeded" ? "Succeeded" : "Failed"}
          </Button>
        ))}
        {current && (
          <Button size="sm" disabled={pending} onClick={() => send(null)}>
            Restore original score
          </Button>
        )}
      </div>
      {failure && (
        <p role="alert" className="text-xs text-red-700 dark:text-red-300">
          {failure.message}
        </p>
      )}
    </div>
  );
}
