import type { UploadStatus } from "@/lib/upload/answer";
import { STATUS_STYLES } from "./status-style";

/** How much of a file has been sent, tinted by its status. */
export function ProgressBar({ progress, status, label }: { progress: number; status: UploadStatus; label: string }) {
  const percent = Math.round(progress * 100);
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      aria-valuetext={`${percent}%, ${STATUS_STYLES[status].label}`}
      className="h-1 w-full overflow-hidden rounded-full bg-zinc-100 dark:bg-zinc-800"
    >
      <div
        className={`h-full transition-[width] duration-200 ${STATUS_STYLES[status].bar}`}
        style={{ width: `${percent}%` }}
      />
    </div>
  );
}
