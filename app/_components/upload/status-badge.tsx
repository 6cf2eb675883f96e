import type { UploadStatus } from "@/lib/upload/answer";
import { STATUS_STYLES } from "./status-style";

/** A file's upload status as a pill; the text names the status, so colour is never the only cue. */
export function StatusBadge({ status, processing = false }: { status: UploadStatus; processing?: boolean }) {
  const style = STATUS_STYLES[status];
  return (
    <span
      data-status={status}
      className={`inline-flex shrink-0 items-center rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset ${style.badge}`}
    >
      {processing ? "processing" : style.label}
    </span>
  );
}
