import { formatDateTime } from "@/lib/format";
import type { PendingView } from "@/lib/server/guidance-review";
import { ProvenanceLine } from "./provenance-line";
import { ReviewActions } from "./review-actions";

const SECTIONS: Record<PendingView["section"], string> = {
  knowledge: "Project knowledge",
  agentNotes: "Agent's own note",
  pinned: "Pinned memory",
  rules: "Rule",
  lessons: "Lesson",
  checklists: "Checklist",
  crossProject: "From other projects",
  strengths: "Strength",
};

const KINDS: Record<PendingView["kind"], { label: string; className: string }> = {
  added: {
    label: "New",
    className:
      "bg-emerald-50 text-emerald-800 ring-emerald-600/20 dark:bg-emerald-500/10 dark:text-emerald-300 dark:ring-emerald-400/30",
  },
  changed: {
    label: "Changed",
    className:
      "bg-amber-50 text-amber-800 ring-amber-600/20 dark:bg-amber-500/10 dark:text-amber-300 dark:ring-amber-400/30",
  },
  removed: {
    label: "Removed",
    className: "bg-red-50 text-red-800 ring-red-600/20 dark:bg-red-500/10 dark:text-red-300 dark:ring-red-400/30",
  },
};

const ROWS = {
  old: { sign: "−", className: "bg-red-50 text-red-950 dark:bg-red-500/10 dark:text-red-200", label: "Agents get now" },
  new: {
    sign: "+",
    className: "bg-emerald-50 text-emerald-950 dark:bg-emerald-500/10 dark:text-emerald-200",
    label: "Would get once accepted",
  },
};

/** Lines of an item's text, as agents read it, marked removed (−) or added (+). */
function DiffLines({ text, side }: { text: string; side: keyof typeof ROWS }) {
  const row = ROWS[side];
  return (
    <div aria-label={row.label} role="group">
      {text.split("\n").map((line, i) => (
        <div key={i} className={`flex gap-3 px-3 py-0.5 font-mono text-xs leading-5 ${row.className}`}>
          <span aria-hidden className="w-3 shrink-0 text-center opacity-60 select-none">
            {row.sign}
          </span>
          <span className="min-w-0 break-words whitespace-pre-wrap">{line}</span>
        </div>
      ))}
    </div>
  );
}

/** One change waiting for an owner: what agents get now against what they would get, and what it rests on. */
export function PendingChange({ slug, change, canDecide }: { slug: string; change: PendingView; canDecide: boolean }) {
  const kind = KINDS[change.kind];
  const label = `${kind.label.toLowerCase()} ${SECTIONS[change.section].toLowerCase()} ${change.key}`;
  return (
    <li className="space-y-2 px-4 py-3" aria-label={label}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 space-y-1">
          <div className="flex flex-wrap items-center gap-2">
            <span className={`rounded px-1.5 py-0.5 text-xs font-medium ring-1 ring-inset ${kind.className}`}>
              {kind.label}
            </span>
            <span className="text-sm font-medium">{SECTIONS[change.section]}</span>
            <code className="truncate font-mono text-xs text-zinc-500 dark:text-zinc-400">{change.key}</code>
          </div>
          {change.kind !== "added" && (
            <p className="text-xs text-zinc-500 dark:text-zinc-400">
              Accepted by {change.acceptedBy} on {formatDateTime(change.acceptedAt)} UTC
            </p>
          )}
        </div>
        {canDecide && <ReviewActions slug={slug} itemKey={change.key} hash={change.hash} label={label} />}
      </div>
      <div className="overflow-hidden rounded-md border border-zinc-200 dark:border-zinc-800">
        {change.kind !== "added" && <DiffLines text={change.oldText} side="old" />}
        {change.kind !== "removed" && <DiffLines text={change.text} side="new" />}
      </div>
      <ProvenanceLine provenance={change.provenance} />
    </li>
  );
}
