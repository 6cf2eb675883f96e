"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { DANGER, SECONDARY, readProblem } from "./styles";

/** Unregisters a source after a second, explicit click; the sessions it imported stay. */
export function RemoveSourceButton({ id, name }: { id: number; name: string }) {
  const router = useRouter();
  const [confirming, setConfirming] = useState(false);
  const [pending, startTransition] = useTransition();
  const [error, setError] = useState<string | null>(null);

  function remove() {
    setError(null);
    startTransition(async () => {
      const response = await fetch(`/api/v1/sources/${id}`, { method: "DELETE" }).catch(() => null);
      if (!response?.ok) {
        setError((await readProblem(response, "Could not remove the folder; is the server running?")).message);
        return;
      }
      setConfirming(false);
      router.refresh();
    });
  }

  return (
    <div className="flex flex-col items-end gap-1">
      {confirming ? (
        <div className="flex flex-wrap justify-end gap-2" role="group" aria-label={`Confirm removing ${name}`}>
          <button type="button" disabled={pending} onClick={remove} className={`${DANGER} px-2.5 py-1 text-xs`}>
            {pending ? "Removing…" : "Yes, remove"}
          </button>
          <button type="button" disabled={pending} onClick={() => setConfirming(false)} className={`${SECONDARY} px-2.5 py-1 text-xs`}>
            Cancel
          </button>
        </div>
      ) : (
        <button type="button" onClick={() => setConfirming(true)} className={`${SECONDARY} px-2.5 py-1 text-xs`} aria-label={`Remove ${name}`}>
          Remove
        </button>
      )}
      {confirming && !pending && <p className="text-xs text-zinc-500 dark:text-zinc-400">Imported sessions stay.</p>}
      {error && (
        <p role="alert" className="text-xs text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
    </div>
  );
}
