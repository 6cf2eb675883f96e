import { formatCount } from "@/lib/format";
import type { SubagentSummary } from "@/lib/session";
import { Table, Td, Th, Tr } from "../table";

const MUTED = "text-zinc-500 dark:text-zinc-400";
const dash = <span className={MUTED}>—</span>;

/** The session's sub-agents, in the order they started: type and task (from their meta files), workflow run, calls. */
export function SubagentsTable({ subagents }: { subagents: readonly SubagentSummary[] }) {
  return (
    <Table caption="Sub-agents of this session" framed={false}>
      <thead>
        <tr>
          <Th>Sub-agent</Th>
          <Th>Type</Th>
          <Th>Task</Th>
          <Th>Workflow</Th>
          <Th numeric>Calls</Th>
        </tr>
      </thead>
      <tbody>
        {subagents.map((agent) => (
          <Tr key={agent.agentId}>
            <Td className="font-mono text-xs whitespace-nowrap">{agent.agentId}</Td>
            <Td className="whitespace-nowrap">{agent.agentType ?? dash}</Td>
            <Td className="min-w-48 text-pretty">{agent.description ?? dash}</Td>
            <Td className="whitespace-nowrap">{agent.workflow ?? dash}</Td>
            <Td numeric>{formatCount(agent.operationCount)}</Td>
          </Tr>
        ))}
      </tbody>
    </Table>
  );
}
