"use client";

import { useRouter } from "next/navigation";
import { useState, useSyncExternalStore, useTransition } from "react";
import type { SyncReport } from "@/lib/sync/report";
import { hydrated, PRIMARY, readProblem } from "./styles";
import { SyncReportTable } from "./sync-report";

/** "Sync all": `POST /api/v1/sync`, then the per-source, per-project result. */
export function SyncAllButton({ disabled }: { disabled: boolean }) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const ready = useSyncExternalStore(...hydrated);
  const [report, setReport] = useState<SyncReport | null>(null);
  const [error, setError] = useState<string | null>(null);

  function sync() {
    setError(null);
    startTransition(async () => {
      const response = await fetch("/api/v1/sync", { method: "POST" }).catch(() => null);
      if (!response?.ok) {
        setError((await readProblem(response, "Could not sync; is the server running?")).message);
        return;
      }
      setReport((await response.json()) as SyncReport);
      router.refresh();
    });
  }

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center gap-3">
        <button type="button" onClick={sync} disabled={pending || disabled || !ready} className={PRIMARY}>
          {pending ? "Syncing…" : "Sync all"}
        </button>
        <span className="text-xs text-zinc-500 dark:text-zinc-400">Imports only files that are new or changed since the last sync.</span>
      </div>
      {error && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
      {report && <SyncReportTable report={report} />}
    </div>
  );
}
