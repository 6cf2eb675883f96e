import Link from "next/link";
import { knowledgeSourcePrefix } from "@/lib/knowledge/memory";
import type { MemoryHit } from "@/lib/memory/contract";

const LINK = "font-medium text-sky-700 hover:underline dark:text-sky-300";

/** Where the memory came from: the session it was learned from, the tool-sequence pattern, the project's knowledge, or a person. */
export function MemoryOrigin({ memory }: { memory: MemoryHit }) {
  if (memory.sessionId != null) {
    return (
      <Link href={`/sessions/${memory.sessionId}`} className={LINK}>
        From session #{memory.sessionId}
      </Link>
    );
  }
  if (memory.patternId != null) {
    const sequence = <span className="font-mono">{memory.patternSequence ?? `pattern #${memory.patternId}`}</span>;
    return memory.project ? (
      <Link
        href={`/projects/${encodeURIComponent(memory.project)}`}
        className={LINK}
        title="Open the project whose sessions formed this pattern"
      >
        From pattern {sequence}
      </Link>
    ) : (
      <span>From pattern {sequence}</span>
    );
  }
  if (memory.project && memory.source.startsWith(knowledgeSourcePrefix(memory.project))) {
    return (
      <Link
        href={`/projects/${encodeURIComponent(memory.project)}/knowledge`}
        className={LINK}
        title="Open what this project's sessions teach, with the operations behind each item"
      >
        From the project&apos;s knowledge
      </Link>
    );
  }
  return <span>Added by hand</span>;
}
