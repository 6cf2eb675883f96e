"use client";

import { useState } from "react";
import { Button } from "../button";
import { useApiAction } from "../forms/use-api-action";

/** Unregisters a source after a second, explicit click; the sessions it imported stay. */
export function RemoveSourceButton({ id, name }: { id: number; name: string }) {
  const [confirming, setConfirming] = useState(false);
  const { pending, failure, run } = useApiAction();

  return (
    <div className="flex flex-col items-end gap-1">
      {confirming ? (
        <div className="flex flex-wrap justify-end gap-2" role="group" aria-label={`Confirm removing ${name}`}>
          <Button
            variant="danger"
            size="sm"
            disabled={pending}
            onClick={() => run("DELETE", `/api/v1/sources/${id}`, undefined, () => setConfirming(false))}
          >
            {pending ? "Removing…" : "Yes, remove"}
          </Button>
          <Button size="sm" disabled={pending} onClick={() => setConfirming(false)}>
            Cancel
          </Button>
        </div>
      ) : (
        <Button size="sm" onClick={() => setConfirming(true)} aria-label={`Remove ${name}`}>
          Remove
        </Button>
      )}
      {confirming && !pending && <p className="text-xs text-zinc-500 dark:text-zinc-400">Imported sessions stay.</p>}
      {failure && (
        <p role="alert" className="text-xs text-red-700 dark:text-red-300">
          {failure.message}
        </p>
      )}
    </div>
  );
}
