import type { ForeignMemory, SharedPattern } from "@/lib/guidance/aggregates";
import type { CrossProjectItem } from "@/lib/guidance/contract";
import { percent } from "@/lib/guidance/wording";

/**
 * Cross-project intelligence (DESIGN §1.5): tool sequences validated (categorised "pattern") in two or more
 * projects, then high-confidence lesson and pattern memories of other projects. Input order is kept (the
 * query orders by breadth then use, and by confidence then id).
 */

const MAX_MEMORY_CHARS = 240;

function clip(text: string): string {
  const flat = text.replaceAll(/\s+/g, " ").trim();
  return flat.length <= MAX_MEMORY_CHARS ? flat : `${flat.slice(0, MAX_MEMORY_CHARS - 1).trimEnd()}…`;
}

export function distilCrossProject(patterns: readonly SharedPattern[], memories: readonly ForeignMemory[]): CrossProjectItem[] {
  const items: CrossProjectItem[] = patterns.map((p) => ({
    key: `pattern:${p.sequence}`,
    kind: "pattern",
    text: `Proven in ${p.projects.length} projects (${p.projects.join(", ")}): the tool sequence ${p.sequence}, ${percent(p.avgSuccess)} average success over ${p.count} uses.`,
    projects: [...p.projects],
  }));
  for (const m of memories) {
    items.push({ key: `memory:${m.id}`, kind: "lesson", text: `From ${m.project}: ${clip(m.content)}`, projects: [m.project] });
  }
  return items;
}
