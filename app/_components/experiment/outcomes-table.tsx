import type { ReactNode } from "react";
import type { OutcomeComparison } from "@/lib/experiment/outcome-contract";
import { formatCount } from "@/lib/format";
import { formatComparison, formatOutcomeValue, OUTCOMES_NOTE } from "@/lib/experiment/wording";
import { Table, Td, Th, Tr } from "../table";

/**
 * Every outcome, guidance arm against holdout: each arm's mean, the change with its 95% interval and what may be
 * read from it. The primary outcome comes first; the rest are secondary. A rule's evidence page shows its outcomes,
 * told against not told, in the same table with its own labels and note.
 */
export function OutcomesTable({
  outcomes,
  labels = {
    caption: "Every outcome by arm, with the guidance arm's change and its 95% interval",
    arms: ["Guidance", "Holdout"],
    change: "Change with guidance",
  },
  note = OUTCOMES_NOTE,
}: {
  outcomes: OutcomeComparison[];
  labels?: { caption: string; arms: [string, string]; change: string };
  note?: ReactNode;
}) {
  return (
    <div>
      <Table caption={labels.caption} framed={false}>
        <thead>
          <tr>
            <Th>Outcome</Th>
            <Th numeric>{labels.arms[0]}</Th>
            <Th numeric>{labels.arms[1]}</Th>
            <Th numeric>{labels.change}</Th>
            <Th>Reading</Th>
          </tr>
        </thead>
        <tbody>
          {outcomes.map((o) => (
            <Tr key={o.key}>
              <Td>
                {o.label}
                {o.primary && (
                  <span className="ml-2 rounded bg-sky-100 px-1.5 text-xs text-sky-800 dark:bg-sky-900 dark:text-sky-200">
                    primary
                  </span>
                )}
              </Td>
              <Td numeric>
                {formatOutcomeValue(o.unit, o.guidance.mean)}{" "}
                <span className="text-xs text-zinc-500">n {formatCount(o.guidance.n)}</span>
              </Td>
              <Td numeric>
                {formatOutcomeValue(o.unit, o.holdout.mean)}{" "}
                <span className="text-xs text-zinc-500">n {formatCount(o.holdout.n)}</span>
              </Td>
              <Td numeric>{formatComparison(o)}</Td>
              <Td>{o.reading}</Td>
            </Tr>
          ))}
        </tbody>
      </Table>
      <p className="p-4 text-xs text-pretty text-zinc-500 dark:text-zinc-400">{note}</p>
    </div>
  );
}
