import Link from "next/link";
import { Panel } from "@/app/_components/panel";
import { formatDate } from "@/lib/format";
import { KNOWLEDGE_KINDS, type KnowledgeKind } from "@/lib/knowledge/contract";
import { itemLine, KIND_TITLES } from "@/lib/knowledge/wording";
import type { Provenance } from "@/lib/guidance/provenance";
import type { KnowledgeEntry } from "@/lib/server/knowledge";
import { ProvenanceLine } from "../review/provenance-line";
import { EvidenceLinks } from "./evidence-links";
import { TextWithCode } from "../code-span";

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

function MemoryState({ memory, vault }: { memory: KnowledgeEntry["memory"]; vault: string }) {
  if (memory === null)
    return <span className="text-zinc-500 dark:text-zinc-400">no memory (deleted, or stored at the next import)</span>;
  return (
    <Link href={vault} className="text-sky-700 hover:underline dark:text-sky-300">
      {memory.pinned ? "pinned memory" : "memory"} #{memory.id}
    </Link>
  );
}

function Entry({
  entry,
  vault,
  provenance,
}: {
  entry: KnowledgeEntry;
  vault: string;
  provenance: Provenance | undefined;
}) {
  const { item } = entry;
  const line = itemLine(item);
  if (line === null) return null;
  const quote = line.startsWith("> ");
  const e = item.evidence;
  return (
    <li className="px-4 py-3">
      <p
        className={
          quote
            ? "border-l-2 border-zinc-300 pl-3 text-sm text-zinc-700 italic dark:border-zinc-600 dark:text-zinc-300"
            : "text-sm"
        }
      >
        <TextWithCode text={quote ? line.slice(2) : line} />
      </p>
      <p className="mt-1 text-xs text-zinc-500 dark:text-zinc-400">
        {plural(e.sessions, "session")} · {plural(e.occurrences, "occurrence")}
        {e.lastSeen !== null && <> · last confirmed {formatDate(e.lastSeen)}</>} ·{" "}
        <MemoryState memory={entry.memory} vault={vault} />
      </p>
      <EvidenceLinks refs={e.refs} />
      {provenance && <ProvenanceLine provenance={provenance} />}
    </li>
  );
}

/** The items grouped by kind, each with its evidence, the sessions and operations it rests on, and who uploaded them. */
export function KnowledgeList({
  slug,
  entries,
  provenance,
}: {
  slug: string;
  entries: KnowledgeEntry[];
  provenance: ReadonlyMap<string, Provenance>;
}) {
  const vault = `/memories?${new URLSearchParams({ project: slug, tag: "knowledge" })}`;
  const byKind = (kind: KnowledgeKind) => entries.filter((e) => e.item.kind === kind);
  return (
    <div className="space-y-4">
      {KNOWLEDGE_KINDS.filter((kind) => byKind(kind).length > 0).map((kind) => (
        <Panel
          key={kind}
          title={KIND_TITLES[kind]}
          id={`knowledge-${kind}`}
          aside={plural(byKind(kind).length, "item")}
          flush
        >
          <ul className="divide-y divide-zinc-100 dark:divide-zinc-800">
            {byKind(kind).map((entry) => (
              <Entry key={entry.item.key} entry={entry} vault={vault} provenance={provenance.get(entry.item.key)} />
            ))}
          </ul>
        </Panel>
      ))}
    </div>
  );
}
