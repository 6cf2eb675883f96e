import type { Interval } from "@/lib/learn/stats";
import type { NoteEffectsReport, NoteRecurrence, Recurrence } from "@/lib/experiment/note-effects";
import { formatCount, formatPercent } from "@/lib/format";
import { signed } from "@/lib/guidance/wording";
import { Panel } from "../panel";

const share = (r: Recurrence) => (r.rate === null ? "—" : `${formatPercent(r.rate)} of ${formatCount(r.n)}`);
const pp = (x: number) => `${signed(x * 100)} pp`;
const interval = (i: Interval | null) => (i === null ? "—" : `${pp(i.estimate)} (${pp(i.low)}…${pp(i.high)})`);

function Row({ label, r, strong = false }: { label: string; r: NoteRecurrence; strong?: boolean }) {
  return (
    <tr className={`border-t border-zinc-200 dark:border-zinc-800 ${strong ? "font-medium" : ""}`}>
      <td className="px-4 py-2 break-all">{label}</td>
      <td className="px-4 py-2 text-right">{share(r.given)}</td>
      <td className="px-4 py-2 text-right">{share(r.drawnOut)}</td>
      <td className="px-4 py-2 text-right">{share(r.holdout)}</td>
      <td className="px-4 py-2 text-right">{interval(r.effect)}</td>
      <td className="px-4 py-2 text-right">{interval(r.vsHoldout)}</td>
    </tr>
  );
}

/**
 * Notes at tool calls, tested by randomisation (docs/just-in-time.md#measured-like-a-rule): of the sessions each
 * note was due to, the share that hit the item's failure again, given the note against drawn out and against the
 * holdout, with Newcombe 95% intervals (negative: fewer repeats with the note).
 */
export function NoteEffectsPanel({ notes }: { notes: NoteEffectsReport }) {
  return (
    <Panel
      title="Notes at tool calls: the same mistake again?"
      id="note-effects"
      aside="share of sessions due the note that hit its failure again"
      flush
    >
      {notes.items.length === 0 ? (
        <p className="p-4 text-sm text-pretty text-zinc-500 dark:text-zinc-400">
          No note at a tool call was due to a session whose transcript has arrived in this experiment. While the
          experiment runs, each note due is given or drawn out at random (and never given to the holdout), so its effect
          on repeating the same mistake can be read here.
        </p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-sm">
            <thead className="text-left text-xs text-zinc-500 dark:text-zinc-400">
              <tr>
                <th className="px-4 py-2 font-medium">Knowledge item</th>
                <th className="px-4 py-2 text-right font-medium">Given</th>
                <th className="px-4 py-2 text-right font-medium">Drawn out</th>
                <th className="px-4 py-2 text-right font-medium">Holdout</th>
                <th className="px-4 py-2 text-right font-medium">Given − drawn out (95% CI)</th>
                <th className="px-4 py-2 text-right font-medium">Given − holdout (95% CI)</th>
              </tr>
            </thead>
            <tbody className="tabular-nums">
              <Row label="All notes" r={notes.pooled} strong />
              {notes.items.map((item) => (
                <Row key={item.key} label={item.key} r={item} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Panel>
  );
}
