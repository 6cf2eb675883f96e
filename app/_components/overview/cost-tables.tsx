import Link from "next/link";
import { CostValue } from "@/app/_components/cost/cost-value";
import { SuccessValue } from "@/app/_components/success-value";
import { Table, Td, Th, Tr } from "@/app/_components/table";
import type { AgentStat } from "@/lib/server/overview";
import type { Cost } from "@/lib/cost/cost";
import { formatCompact, formatCount, formatUsd } from "@/lib/format";

export interface CostRow {
  key: string;
  label: string;
  href?: string;
  tokens: number;
  cost: Cost;
}

/** Tokens and cost per project (the instance) or per model (one project), most expensive first. */
export function CostTable({ rows, by }: { rows: CostRow[]; by: "Project" | "Model" }) {
  if (rows.length === 0)
    return (
      <p className="p-4 text-sm text-zinc-500 dark:text-zinc-400">
        No session in this range has its tokens counted per model.
      </p>
    );
  return (
    <Table caption={`Cost per ${by.toLowerCase()}`} framed={false}>
      <thead>
        <tr>
          <Th>{by}</Th>
          <Th numeric>Tokens</Th>
          <Th numeric>Cost</Th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <Tr key={row.key}>
            <Td className="max-w-64 break-words">
              {row.href ? (
                <Link href={row.href} className="font-medium hover:underline">
                  {row.label}
                </Link>
              ) : (
                <code className="font-mono text-xs">{row.label}</code>
              )}
            </Td>
            <Td numeric>{formatCompact(row.tokens)}</Td>
            <Td numeric>
              <CostValue cost={row.cost} />
            </Td>
          </Tr>
        ))}
      </tbody>
    </Table>
  );
}

/**
 * The agents of the scope side by side: sessions, mean success, cost, and cost per session among the sessions whose
 * tokens are counted; each agent links to the overview narrowed to it.
 */
export function AgentTable({
  agents,
  costs,
  hrefOf,
}: {
  agents: AgentStat[];
  costs: ReadonlyMap<string, Cost>;
  hrefOf: (agent: string) => string;
}) {
  return (
    <Table caption="Agents side by side" framed={false}>
      <thead>
        <tr>
          <Th>Agent</Th>
          <Th numeric>Sessions</Th>
          <Th numeric>Success</Th>
          <Th numeric>Cost</Th>
          <Th numeric>Per session</Th>
        </tr>
      </thead>
      <tbody>
        {agents.map((a) => {
          const cost = costs.get(a.agent) ?? { usd: 0, pricedUsd: 0, unpriced: [] };
          return (
            <Tr key={a.agent}>
              <Td>
                <Link href={hrefOf(a.agent)} className="font-medium hover:underline">
                  {a.agent}
                </Link>
              </Td>
              <Td numeric>{formatCount(a.sessions)}</Td>
              <Td numeric>
                <SuccessValue score={a.successSum / a.sessions} />
              </Td>
              <Td numeric>{a.withTokens > 0 ? <CostValue cost={cost} /> : "no tokens counted"}</Td>
              <Td numeric>{a.withTokens > 0 && cost.usd !== null ? formatUsd(cost.usd / a.withTokens) : "—"}</Td>
            </Tr>
          );
        })}
      </tbody>
    </Table>
  );
}
