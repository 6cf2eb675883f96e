import { formatQuantity } from "@/lib/format";
import type { SkippedFile } from "@/lib/upload/unzip";

const MAX_LISTED = 50;

/** Files that were not sent (not JSON, unreadable zips), each with the reason; collapsed when there are many. */
export function SkippedFiles({ skipped, nothingSent }: { skipped: SkippedFile[]; nothingSent: boolean }) {
  if (skipped.length === 0) return null;
  const title = nothingSent
    ? `Nothing to upload: ${formatQuantity(skipped.length, "file")} skipped`
    : `${formatQuantity(skipped.length, "file")} skipped`;
  return (
    <details
      open={nothingSent || skipped.length <= 3}
      className="rounded-lg border border-amber-200 bg-amber-50 px-4 py-2.5 text-sm text-amber-900 dark:border-amber-400/20 dark:bg-amber-400/10 dark:text-amber-100"
    >
      <summary className="cursor-pointer font-medium">{title}</summary>
      <ul className="mt-2 space-y-0.5 text-xs">
        {skipped.slice(0, MAX_LISTED).map((s, i) => (
          <li key={i} className="break-all">
            <span className="font-mono">{s.path}</span>{" "}
            <span className="text-amber-800 dark:text-amber-200/80">— {s.reason}</span>
          </li>
        ))}
        {skipped.length > MAX_LISTED && <li>and {formatQuantity(skipped.length - MAX_LISTED, "more file")}</li>}
      </ul>
    </details>
  );
}
