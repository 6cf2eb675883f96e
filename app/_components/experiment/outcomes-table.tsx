import type { OutcomeComparison } from "@/lib/experiment/outcome-contract";
import { formatCount } from "@/lib/format";
import { formatComparison, formatOutcomeValue, OUTCOMES_NOTE } from "@/lib/experiment/wording";
import { Table, Td, Th, Tr } from "../table";

/**
 * Every outcome, guidance arm against holdout: each arm's mean, the change with its 95% interval and what may be
 * read from it. The primary outcome comes first; the rest are secondary.
 */
export function OutcomesTable({ outcomes }: { outcomes: OutcomeComparison[] }) {
  return (
    <div>
      <Table caption="Every outcome by arm, with the guidance arm's change and its 95% interval" framed={false}>
        <thead>
          <tr>
            <Th>Outcome</Th>
            <Th numeric>Guidance</Th>
            <Th numeric>Holdout</Th>
            <Th numeric>Change with guidance</Th>
            <Th>Reading</Th>
          </tr>
        </thead>
        <tbody>
          {outcomes.map((o) => (
            <Tr key={o.key}>
              <Td>
                {o.label}
                {o.primary && <span className="ml-2 rounded bg-sky-100 px-1.5 text-xs text-sky-800 dark:bg-sky-900 dark:text-sky-200">primary</span>}
              </Td>
              <Td numeric>
                {formatOutcomeValue(o.unit, o.guidance.mean)} <span className="text-xs text-zinc-500">n {formatCount(o.guidance.n)}</span>
              </Td>
              <Td numeric>
                {formatOutcomeValue(o.unit, o.holdout.mean)} <span className="text-xs text-zinc-500">n {formatCount(o.holdout.n)}</span>
              </Td>
              <Td numeric>{formatComparison(o)}</Td>
              <Td>{o.reading}</Td>
            </Tr>
          ))}
        </tbody>
      </Table>
      <p className="p-4 text-xs text-pretty text-zinc-500 dark:text-zinc-400">{OUTCOMES_NOTE}</p>
    </div>
  );
}
