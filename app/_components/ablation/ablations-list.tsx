import Link from "next/link";
import type { AblationsOverview } from "@/lib/server/ablation";
import { formatDateTime } from "@/lib/format";
import { Table, Td, Th, Tr } from "../table";
import { ablationHref } from "./view";

/** The project's ablations, newest first, each with its one-line result. */
export function AblationsList({ slug, ablations }: { slug: string; ablations: AblationsOverview["ablations"] }) {
  return (
    <Table caption="The project's ablations" framed={false}>
      <thead>
        <tr>
          <Th>Ablation</Th>
          <Th>Started</Th>
          <Th>Suite</Th>
          <Th numeric>Generation</Th>
          <Th numeric>Runs reported</Th>
          <Th>Result</Th>
        </tr>
      </thead>
      <tbody>
        {ablations.map((a) => (
          <Tr key={a.id}>
            <Td>
              <Link
                href={ablationHref(slug, a.id)}
                className="font-medium text-sky-700 hover:underline dark:text-sky-300"
              >
                #{a.id}
              </Link>
            </Td>
            <Td className="whitespace-nowrap">{formatDateTime(a.createdAt)} UTC</Td>
            <Td className="font-mono text-xs break-all">{a.suite}</Td>
            <Td numeric>{a.generation}</Td>
            <Td numeric>
              {a.reported} of {a.planned}
            </Td>
            <Td className="text-xs">{a.summary}</Td>
          </Tr>
        ))}
      </tbody>
    </Table>
  );
}
