import Link from "next/link";
import type { FederationMatrix, MatrixCell, MatrixRow } from "@/lib/server/federation";
import { formatCount, formatPercent } from "@/lib/format";
import { Table, Td, Th, Tr } from "@/app/_components/table";

function Cell({ row, cell }: { row: MatrixRow; cell: MatrixCell | undefined }) {
  if (!cell)
    return (
      <span className="text-zinc-300 dark:text-zinc-600" aria-label="absent">
        ·
      </span>
    );
  const detail =
    row.kind === "pattern" ? `${formatCount(cell.count)}× · ${formatPercent(cell.avgSuccess)}` : (cell.evidence ?? "");
  return (
    <span
      className="inline-flex flex-col items-center gap-0.5"
      title={row.kind === "rule" ? (cell.evidence ?? undefined) : undefined}
    >
      <span className="font-semibold text-emerald-700 dark:text-emerald-300" aria-label="present">
        ✓
      </span>
      <span
        className={`text-xs text-zinc-500 dark:text-zinc-400 ${row.kind === "rule" ? "line-clamp-2 max-w-[12rem] text-left" : "whitespace-nowrap tabular-nums"}`}
      >
        {detail}
      </span>
    </span>
  );
}

/** Patterns and rules (rows) against projects (columns); rows held by two or more projects come first. */
export function FederationMatrixTable({ matrix }: { matrix: FederationMatrix }) {
  return (
    <Table caption="Cross-project matrix" framed={false}>
      <thead>
        <tr>
          <Th className="min-w-[16rem]">Pattern or rule</Th>
          {matrix.projects.map((slug) => (
            <Th key={slug} className="text-center">
              <Link href={`/projects/${slug}`} className="hover:underline">
                {slug}
              </Link>
            </Th>
          ))}
        </tr>
      </thead>
      <tbody>
        {matrix.rows.map((row) => (
          <Tr key={`${row.kind}:${row.key}`} data-testid="matrix-row">
            <Td>
              <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
                <span className="rounded bg-zinc-100 px-1.5 py-0.5 text-xs text-zinc-600 dark:bg-zinc-800 dark:text-zinc-300">
                  {row.kind === "pattern" ? "pattern" : "rule"}
                </span>
                {row.projectCount >= 2 && (
                  <span className="rounded bg-emerald-100 px-1.5 py-0.5 text-xs font-medium text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200">
                    validated in {row.projectCount} projects
                  </span>
                )}
              </div>
              <div className={`mt-1 break-words ${row.kind === "pattern" ? "font-mono text-xs" : "text-sm"}`}>
                {row.label}
              </div>
            </Td>
            {matrix.projects.map((slug) => (
              <Td key={slug} className="text-center align-top">
                <Cell row={row} cell={row.cells[slug]} />
              </Td>
            ))}
          </Tr>
        ))}
      </tbody>
    </Table>
  );
}
