import { isJudged } from "@/lib/ablation/contract";
import type { AblationView } from "@/lib/server/ablation";
import { Table, Td, Th, Tr } from "../table";
import { ARM_LABELS, STATUS_TEXT, seconds } from "./view";

const TONE = {
  completed: "text-emerald-700 dark:text-emerald-400",
  not_completed: "text-zinc-700 dark:text-zinc-300",
  setup_failed: "text-amber-700 dark:text-amber-400",
  check_error: "text-red-700 dark:text-red-400",
} as const;

/** Every run in the order it was reported, with what went wrong in it. */
export function RunsTable({ runs }: { runs: AblationView["runs"] }) {
  return (
    <Table caption="Every run of the ablation" framed={false}>
      <thead>
        <tr>
          <Th>Task</Th>
          <Th>Arm</Th>
          <Th numeric>Run</Th>
          <Th>Result</Th>
          <Th numeric>Agent time</Th>
          <Th numeric>Operations</Th>
          <Th numeric>Tool errors</Th>
          <Th>Problems</Th>
        </tr>
      </thead>
      <tbody>
        {runs.map((r) => (
          <Tr key={r.id}>
            <Td className="font-mono text-xs break-all">{r.task}</Td>
            <Td className="whitespace-nowrap">{ARM_LABELS[r.arm]}</Td>
            <Td numeric>{r.run}</Td>
            <Td className={`whitespace-nowrap ${TONE[r.status]}`}>{STATUS_TEXT[r.status]}</Td>
            <Td numeric>{seconds(r.agent?.durationMs ?? null)}</Td>
            <Td numeric>{r.operations ?? "—"}</Td>
            <Td numeric>{r.toolErrors ?? "—"}</Td>
            <Td className="min-w-48 text-xs text-zinc-600 dark:text-zinc-400">
              {r.problem ?? ""}
              {!r.hasSession && <span className="block">no transcript found</span>}
              {r.hasSession && !r.verified && <span className="block">transcript does not match the run</span>}
              {!r.verified && isJudged(r.status) && <span className="block">unverified: left out of the figures</span>}
              {r.detail && r.status !== "completed" && (
                <details className="mt-1">
                  <summary className="cursor-pointer">output</summary>
                  <pre className="mt-1 max-h-48 overflow-auto rounded bg-zinc-50 p-2 text-[11px] whitespace-pre-wrap break-all dark:bg-zinc-950">
                    {r.detail}
                  </pre>
                </details>
              )}
            </Td>
          </Tr>
        ))}
      </tbody>
    </Table>
  );
}
