import { formatCount, formatUsd } from "@/lib/format";
import type { LiveRow } from "@/lib/otlp/live";
import { Panel } from "../panel";
import { Table, Td, Th, Tr } from "../table";

const MUTED = "text-zinc-500 dark:text-zinc-400";

/** "12 (3 failed)": a count with the part of it that went wrong, when any did. */
function WithPart({ total, part, label }: { total: number; part: number; label: string }) {
  return (
    <>
      {formatCount(total)}
      {part > 0 && (
        <span className="ml-1 text-rose-700 dark:text-rose-300">
          ({formatCount(part)} {label})
        </span>
      )}
    </>
  );
}

/**
 * Live cost, tool outcomes, permission decisions and API errors from Claude Code's OpenTelemetry export
 * (docs/opentelemetry.md), for sessions whose transcript has not arrived yet: one row per person (`by` "person") or
 * per project (`by` "project", named by `names`). Nothing when no session is live.
 */
export function LiveTelemetryPanel({
  rows,
  by,
  names,
}: {
  rows: readonly LiveRow[];
  by: "person" | "project";
  names?: ReadonlyMap<number, string>;
}) {
  if (rows.length === 0) return null;
  const sessions = rows.reduce((sum, r) => sum + r.sessions, 0);
  const cost = rows.reduce((sum, r) => sum + r.costUsd, 0);
  return (
    <Panel
      title="Live from OpenTelemetry"
      id="live"
      aside={`${formatCount(sessions)} sessions without a transcript yet · ${formatUsd(cost)} · last 24 h`}
      className="mt-4"
      flush
    >
      <Table caption={`Live telemetry per ${by}`} framed={false}>
        <thead>
          <tr>
            <Th>{by === "person" ? "Person" : "Project"}</Th>
            <Th numeric>Sessions</Th>
            <Th numeric>Cost</Th>
            <Th numeric>API requests</Th>
            <Th numeric>API errors</Th>
            <Th numeric>Tool results</Th>
            <Th numeric>Permission decisions</Th>
            <Th numeric>Prompts</Th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <Tr key={`${r.projectId}:${r.person ?? ""}`}>
              <Td className="whitespace-nowrap">
                {by === "project"
                  ? (names?.get(r.projectId) ?? `#${r.projectId}`)
                  : (r.person ?? <span className={MUTED}>not sent</span>)}
              </Td>
              <Td numeric>{formatCount(r.sessions)}</Td>
              <Td numeric>{formatUsd(r.costUsd)}</Td>
              <Td numeric>{formatCount(r.apiRequests)}</Td>
              <Td numeric className={r.apiErrors > 0 ? "text-rose-700 dark:text-rose-300" : ""}>
                {formatCount(r.apiErrors)}
              </Td>
              <Td numeric>
                <WithPart total={r.toolResults} part={r.toolFailures} label="failed" />
              </Td>
              <Td numeric>
                <WithPart total={r.decisions} part={r.rejections} label="rejected" />
              </Td>
              <Td numeric>{formatCount(r.prompts)}</Td>
            </Tr>
          ))}
        </tbody>
      </Table>
    </Panel>
  );
}
