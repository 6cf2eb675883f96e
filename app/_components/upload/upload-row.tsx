import { memo } from "react";
import { formatBytes } from "@/lib/upload/format-bytes";
import type { UploadRow } from "@/lib/upload/queue";
import { FileResultView } from "./file-result";
import { ProgressBar } from "./progress-bar";
import { StatusBadge } from "./status-badge";

function splitPath(path: string): [folder: string, name: string] {
  const cut = path.lastIndexOf("/") + 1;
  return [path.slice(0, cut), path.slice(cut)];
}

/** One file: its path, size, progress and status, then the server's answer. */
export const UploadRowView = memo(function UploadRowView({ row }: { row: UploadRow }) {
  const [folder, name] = splitPath(row.path);
  const processing = row.status === "uploading" && row.progress >= 1;
  return (
    <li data-testid="upload-row" className="border-b border-zinc-100 px-4 py-2.5 last:border-0 dark:border-zinc-800/70">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1.5 sm:flex-nowrap">
        <p className="w-full min-w-0 font-mono text-xs break-all sm:w-auto sm:flex-1" data-testid="upload-path">
          <span className="text-zinc-500 dark:text-zinc-400">{folder}</span>
          <span className="font-medium text-zinc-900 dark:text-zinc-100">{name}</span>
        </p>
        <span className="w-16 shrink-0 text-xs text-zinc-500 tabular-nums sm:text-right dark:text-zinc-400">
          {formatBytes(row.size)}
        </span>
        <div className="min-w-16 flex-1 sm:w-32 sm:flex-none">
          <ProgressBar progress={row.progress} status={row.status} label={`Upload of ${row.path}`} />
        </div>
        <span className="flex w-24 shrink-0 justify-end">
          <StatusBadge status={row.status} processing={processing} />
        </span>
      </div>
      {row.outcome?.message && <p className="mt-1.5 text-sm text-red-700 dark:text-red-300">{row.outcome.message}</p>}
      {row.outcome?.files.map((file, i) => (
        <div key={i} className="mt-1.5">
          <FileResultView result={file} />
        </div>
      ))}
    </li>
  );
});
