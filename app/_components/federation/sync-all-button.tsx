"use client";

import { useState, useSyncExternalStore } from "react";
import type { SyncReport } from "@/lib/sync/report";
import { Button } from "../button";
import { useApiAction } from "../forms/use-api-action";
import { hydrated } from "./styles";
import { SyncReportTable } from "./sync-report";

/** "Sync all": `POST /api/v1/sync`, then the per-source, per-project result. */
export function SyncAllButton({ disabled }: { disabled: boolean }) {
  const { pending, failure, run } = useApiAction();
  const ready = useSyncExternalStore(...hydrated);
  const [report, setReport] = useState<SyncReport | null>(null);

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center gap-3">
        <Button
          variant="primary"
          onClick={() => run<SyncReport>("POST", "/api/v1/sync", undefined, setReport)}
          disabled={pending || disabled || !ready}
        >
          {pending ? "Syncing…" : "Sync all"}
        </Button>
        <span className="text-xs text-zinc-500 dark:text-zinc-400">
          Imports only files that are new or changed since the last sync.
        </span>
      </div>
      {failure && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {failure.message}
        </p>
      )}
      {report && <SyncReportTable report={report} />}
    </div>
  );
}
