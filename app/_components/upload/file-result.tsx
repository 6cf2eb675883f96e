import Link from "next/link";
import { formatCount } from "@/lib/format";
import { formatLabel, type FileResult, type RecordError } from "@/lib/upload/answer";

const MAX_ERRORS = 10;
const MAX_SESSIONS = 6;
const LINK = "font-medium text-sky-700 hover:underline dark:text-sky-300";

function Count({ value, noun, tone = "" }: { value: number; noun: string; tone?: string }) {
  return (
    <span className={value > 0 ? tone : "text-zinc-500 dark:text-zinc-400"}>
      <span className="font-medium tabular-nums">{formatCount(value)}</span> {noun}
    </span>
  );
}

function where(e: RecordError): string {
  return [e.line === null ? null : `line ${e.line}`, e.field].filter(Boolean).join(" · ") || "whole file";
}

/** `total`: every error of the file, of which the server listed the first in `errors`. */
function Reasons({ errors, total }: { errors: RecordError[]; total: number }) {
  return (
    <ul aria-label="Rejection reasons" className="mt-1.5 space-y-0.5 text-xs">
      {errors.slice(0, MAX_ERRORS).map((e, i) => (
        <li key={i} className="flex flex-wrap gap-x-2">
          <span className="shrink-0 font-mono text-zinc-500 dark:text-zinc-400">{where(e)}</span>
          <span className="min-w-0 break-words text-amber-800 dark:text-amber-200">{e.message}</span>
        </li>
      ))}
      {total > MAX_ERRORS && (
        <li className="text-zinc-500 dark:text-zinc-400">
          and {formatCount(total - Math.min(errors.length, MAX_ERRORS))} more
        </li>
      )}
    </ul>
  );
}

/**
 * What the server did with one file: format, counts, links to what was stored, the session a sub-agent's file waits
 * for, and the reasons for rejected records.
 */
export function FileResultView({ result }: { result: FileResult }) {
  const shown = result.sessions.slice(0, MAX_SESSIONS);
  const kept = result.accepted + result.duplicates > 0;
  return (
    <div className="text-sm">
      <p className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <span className="font-medium">{formatLabel(result.format)}</span>
        <Count value={result.accepted} noun="accepted" tone="text-emerald-700 dark:text-emerald-300" />
        <Count value={result.duplicates} noun={result.duplicates === 1 ? "duplicate" : "duplicates"} />
        <Count value={result.rejected} noun="rejected" tone="text-amber-800 dark:text-amber-300" />
        {kept && result.project && (
          <span className="text-zinc-500 dark:text-zinc-400">
            in{" "}
            <Link href={`/projects/${encodeURIComponent(result.project)}`} className={LINK}>
              {result.project}
            </Link>
          </span>
        )}
        {shown.map((s) => (
          <Link
            key={s.id}
            href={`/sessions/${encodeURIComponent(s.id)}`}
            className={LINK}
            title={s.externalId ?? undefined}
          >
            Session {s.externalId ? s.externalId.slice(0, 8) : s.id}
          </Link>
        ))}
        {result.sessions.length > shown.length && (
          <span className="text-zinc-500 dark:text-zinc-400">
            and {formatCount(result.sessions.length - shown.length)} more
          </span>
        )}
      </p>
      {result.waitingFor && (
        <p className="mt-1 text-xs text-pretty text-teal-800 dark:text-teal-200">
          Waiting for the main transcript of session{" "}
          <span className="font-mono" title={result.waitingFor.externalId}>
            {result.waitingFor.externalId.slice(0, 8)}
          </span>
          : kept, and stored with its session once that transcript is uploaded.
        </p>
      )}
      {result.errors.length > 0 && (
        <Reasons errors={result.errors} total={Math.max(result.errorCount ?? 0, result.errors.length)} />
      )}
      {result.errors.some((e) => e.field === "project") && (
        <p className="mt-1 text-xs text-zinc-600 dark:text-zinc-300">
          To store it, choose <span className="font-medium">Upload more</span>, fill in Project and send this file
          again.
        </p>
      )}
    </div>
  );
}
