import type { MemoryCategory } from "@/lib/session";
import type { KnowledgeItem, KnowledgeKind } from "./contract";
import { failureLine } from "@/lib/learn/session-facts";
import { codeSpan } from "./code-span";
import { itemLine } from "./wording";

/** A knowledge item as the memory it is stored as (upserted by source, reinforced when seen again). */
export interface KnowledgeMemory {
  source: string;
  category: MemoryCategory;
  content: string;
  tags: string[];
  confidence: number;
  /** The latest occurrence (the session's own time), so it decays on the same clock as the sessions' memories. */
  seenAt: number | null;
}

const CATEGORIES: Record<KnowledgeKind, MemoryCategory> = {
  command: "pattern",
  failure: "error",
  preference: "preference",
  "co-change": "insight",
  "hot-spot": "insight",
  convention: "insight",
};

/** Every knowledge memory of a project has a source starting with this. */
export const knowledgeSourcePrefix = (slug: string) => `project:${slug}:knowledge:`;

/** Confidence grows with evidence: more sessions count more than more runs in one session. */
function knowledgeConfidence(item: KnowledgeItem): number {
  const e = item.evidence;
  return Math.min(0.95, Math.round((0.5 + 0.15 * (e.sessions - 1) + 0.05 * Math.min(e.occurrences, 6)) * 100) / 100);
}

/**
 * What a failure's memory holds beyond its line: the error's lines as recorded, as code, so that an agent who hits
 * the same error and searches its exact text finds the memory (the line's signature drops names and quoted parts);
 * a line that addresses a reader only as its signature (failureLine).
 */
function recordedErrors(item: KnowledgeItem): string {
  if (item.kind !== "failure") return "";
  const spans = (item.errors ?? []).map((error) => codeSpan(failureLine(error) ?? "")).filter((span) => span !== "");
  return spans.length === 0 ? "" : ` Error as recorded: ${spans.join(" ")}`;
}

/** The memory of an item; null when nothing of what it says survives (lib/knowledge/wording.ts). */
export function knowledgeMemory(slug: string, item: KnowledgeItem): KnowledgeMemory | null {
  const line = itemLine(item);
  if (line === null) return null;
  const tags = ["knowledge", item.kind, ...(item.kind === "command" ? [item.purpose] : [])];
  return {
    source: `${knowledgeSourcePrefix(slug)}${item.key}`,
    category: CATEGORIES[item.kind],
    content: `${line.replace(/^> /, "")}${recordedErrors(item)}`,
    tags,
    confidence: knowledgeConfidence(item),
    seenAt: item.evidence.lastSeen,
  };
}
