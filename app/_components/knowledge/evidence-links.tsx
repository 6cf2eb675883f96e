import Link from "next/link";
import type { KnowledgeRef } from "@/lib/knowledge/contract";

const href = (ref: KnowledgeRef) =>
  ref.seq === null ? `/sessions/${ref.sessionId}#prompts` : `/sessions/${ref.sessionId}#op-${ref.seq}`;

/** The sessions' operations (or prompts) an item rests on, one link each: `/sessions/<id>#op-<seq>`, `/sessions/<id>#prompts`. */
export function EvidenceLinks({ refs }: { refs: KnowledgeRef[] }) {
  const unique = [...new Map(refs.map((ref) => [href(ref), ref])).entries()];
  if (unique.length === 0) return null;
  return (
    <ul aria-label="Where it was seen" className="mt-1.5 flex flex-wrap gap-x-3 gap-y-1 text-xs">
      {unique.map(([to, ref]) => (
        <li key={to}>
          <Link href={to} className="text-sky-700 hover:underline dark:text-sky-300">
            session {ref.sessionId}, {ref.seq === null ? "prompts" : `operation ${ref.seq + 1}`}
          </Link>
        </li>
      ))}
    </ul>
  );
}
