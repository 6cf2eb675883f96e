import type { TaskResult } from "@/lib/ablation/analysis";
import { formatPoints } from "@/lib/format";
import { Table, Td, Th, Tr } from "../table";

const side = (s: TaskResult["arms"]["guidance"]) => (s ? `${s.completed} of ${s.judged}` : "—");

/** Each task's completions per arm and their difference. */
export function TasksTable({ tasks }: { tasks: TaskResult[] }) {
  return (
    <Table caption="Completion per task and arm" framed={false}>
      <thead>
        <tr>
          <Th>Task</Th>
          <Th numeric>With guidance</Th>
          <Th numeric>Without</Th>
          <Th numeric>Difference</Th>
        </tr>
      </thead>
      <tbody>
        {tasks.map((t) => (
          <Tr key={t.task}>
            <Td className="font-mono text-xs break-all">{t.task}</Td>
            <Td numeric>{side(t.arms.guidance)}</Td>
            <Td numeric>{side(t.arms.none)}</Td>
            <Td numeric>{t.difference === null ? "—" : formatPoints(t.difference)}</Td>
          </Tr>
        ))}
      </tbody>
    </Table>
  );
}
