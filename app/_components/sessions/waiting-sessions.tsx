import { formatCount, formatDateTime, formatQuantity, isoOrUndefined } from "@/lib/format";
import type { WaitingAgent } from "@/lib/ingest/waiting-parts";
import type { WaitingSession, WaitingSessions } from "@/lib/server/waiting-sessions";
import { Panel } from "../panel";
import { Table, Td, Th, Tr } from "../table";

const MUTED = "text-zinc-500 dark:text-zinc-400";

/** The latest arrival among a session's sub-agents' files. */
const lastArrival = (agents: readonly WaitingAgent[]) => Math.max(0, ...agents.map((a) => a.receivedAt));

function AgentsTable({ session }: { session: WaitingSession }) {
  return (
    <Table caption={`Sub-agents of session ${session.sessionId}`} framed={false}>
      <thead>
        <tr>
          <Th>Sub-agent</Th>
          <Th>Type</Th>
          <Th>Task</Th>
          <Th numeric>Lines</Th>
          <Th>File</Th>
        </tr>
      </thead>
      <tbody>
        {session.agents.map((agent) => (
          <Tr key={agent.id}>
            <Td className="font-mono text-xs whitespace-nowrap">{agent.id}</Td>
            <Td className="whitespace-nowrap">{agent.agentType ?? <span className={MUTED}>—</span>}</Td>
            <Td className="min-w-48 text-pretty">{agent.description ?? <span className={MUTED}>—</span>}</Td>
            <Td numeric>{agent.file === null ? <span className={MUTED}>—</span> : formatCount(agent.lines)}</Td>
            <Td className="font-mono text-xs break-all">
              {agent.file ?? <span className={`font-sans ${MUTED}`}>only its meta file so far</span>}
            </Td>
          </Tr>
        ))}
      </tbody>
    </Table>
  );
}

/**
 * Sessions of the project whose sub-agents' files arrived without their main transcript: kept, not yet a session
 * (a session is assembled from its main transcript). Each can be opened to see its sub-agents. Nothing when none wait.
 */
export function WaitingSessionsPanel({ waiting }: { waiting: WaitingSessions }) {
  if (waiting.sessions === 0) return null;
  const more = waiting.sessions - waiting.shown.length;
  return (
    <Panel
      title="Waiting for their main transcript"
      id="waiting"
      aside={`${formatQuantity(waiting.sessions, "session")} · ${formatQuantity(waiting.parts, "sub-agent file")}`}
      className="mt-4"
      flush
    >
      <p className="px-4 pt-3 pb-2 text-sm text-pretty text-zinc-600 dark:text-zinc-300">
        Their sub-agents&apos; files are kept. Each becomes a session, with its sub-agents, once its main transcript (
        <span className="font-mono text-xs">&lt;session id&gt;.jsonl</span>) is uploaded.
      </p>
      <ul>
        {waiting.shown.map((session) => (
          <li key={session.sessionId} className="border-t border-zinc-100 dark:border-zinc-800/70">
            <details className="group">
              <summary className="flex cursor-pointer flex-wrap items-baseline gap-x-3 gap-y-1 px-4 py-2.5 text-sm hover:bg-zinc-50 dark:hover:bg-zinc-800/40">
                <span className="font-mono text-xs break-all">{session.sessionId}</span>
                <span className={MUTED}>
                  waiting · {formatQuantity(session.agents.length, "sub-agent")} ·{" "}
                  {formatQuantity(session.parts, "file")} · last{" "}
                  <time dateTime={isoOrUndefined(lastArrival(session.agents))}>
                    {formatDateTime(lastArrival(session.agents))} UTC
                  </time>
                </span>
              </summary>
              <div className="border-t border-zinc-100 dark:border-zinc-800/70">
                <AgentsTable session={session} />
              </div>
            </details>
          </li>
        ))}
      </ul>
      {more > 0 && (
        <p className={`border-t border-zinc-100 px-4 py-2.5 text-sm dark:border-zinc-800/70 ${MUTED}`}>
          and {formatQuantity(more, "more session")}
        </p>
      )}
    </Panel>
  );
}
