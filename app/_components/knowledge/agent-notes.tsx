import { formatDate } from "@/lib/format";
import { neutraliseQuote } from "@/lib/guidance/quote";
import type { AgentNote } from "@/lib/knowledge/agent-notes";
import { EvidenceLinks } from "./evidence-links";

const STATUS: Record<AgentNote["status"], { label: string; className: string }> = {
  confirmed: {
    label: "Confirmed by sessions",
    className:
      "bg-emerald-50 text-emerald-800 ring-emerald-600/20 dark:bg-emerald-500/10 dark:text-emerald-300 dark:ring-emerald-400/30",
  },
  unconfirmed: {
    label: "Not yet seen in sessions",
    className: "bg-zinc-50 text-zinc-700 ring-zinc-500/20 dark:bg-zinc-500/10 dark:text-zinc-300 dark:ring-zinc-400/30",
  },
  stale: {
    label: "Stale",
    className: "bg-red-50 text-red-800 ring-red-600/20 dark:bg-red-500/10 dark:text-red-300 dark:ring-red-400/30",
  },
};

const WITHHELD: Record<NonNullable<AgentNote["withheld"]>, string> = {
  "unsafe-command": "held back from agents: it names a command Starlight never suggests",
  "instructs-agent": "held back from agents: it addresses the agent's instructions",
  redacted: "held back from agents: it held a secret, redacted at upload",
};

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/**
 * What agents wrote in their own memory files for this project (docs/agent-memory.md), each quoted (never as
 * Starlight's words) with the file, machine and time it came from and what the sessions say of it.
 */
export function AgentNotes({ notes }: { notes: AgentNote[] }) {
  if (notes.length === 0) return null;
  return (
    <section aria-labelledby="agent-notes" className="space-y-2">
      <h2 id="agent-notes" className="text-base font-semibold">
        What agents noted for themselves
      </h2>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        Quoted from the agents&apos; own memory files, checked against the sessions: a command a note names that ran, or
        a file it names that was worked on, confirms it; a later run that did not start, or the file deleted, makes it
        stale. Stale and held-back notes never reach agents; the others reach guidance only where they add to what the
        sessions say.
      </p>
      <ul className="divide-y divide-zinc-200 rounded-md border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800">
        {notes.map((note) => (
          <li key={note.key} className="space-y-1 p-3 text-sm">
            <div className="flex flex-wrap items-center gap-2">
              <span
                className={`rounded-md px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${STATUS[note.status].className}`}
              >
                {STATUS[note.status].label}
              </span>
              {note.withheld && (
                <span className="text-xs text-amber-700 dark:text-amber-300">{WITHHELD[note.withheld]}</span>
              )}
            </div>
            <blockquote className="border-l-2 border-zinc-300 pl-3 text-zinc-800 dark:border-zinc-700 dark:text-zinc-200">
              “{neutraliseQuote(note.text)}”
            </blockquote>
            <p className="text-xs text-zinc-500 dark:text-zinc-400">
              {note.sources.map((s) => `${s.path} from ${s.uploader}, stored ${formatDate(s.storedAt)}`).join("; ")}
            </p>
            <p className="text-xs text-zinc-500 dark:text-zinc-400">
              {note.status === "stale" && note.stale
                ? `${note.stale.because.replace(/`/g, "")} on ${formatDate(note.stale.at)}, after it was last confirmed.`
                : note.support > 0
                  ? `Confirmed in ${plural(note.support, "session")}, last confirmed ${formatDate(note.lastConfirmed)}.`
                  : "No session has confirmed or contradicted it yet."}
            </p>
            <EvidenceLinks refs={note.stale ? [note.stale.ref, ...note.refs] : note.refs} />
          </li>
        ))}
      </ul>
    </section>
  );
}
