import type { ReviewedItemData } from "./review";

/** Sessions of one uploader ("a@b.c (token sl_ab12…)", "server folder sync (…)"; null: stored before uploaders were recorded). */
export interface UploaderShare {
  label: string | null;
  sessions: number;
}

/**
 * What an item rests on (docs/trust-model.md#provenance): the sessions it cites (project knowledge: its latest
 * occurrences), the project's sessions as a whole (rules, lessons, checklists, strengths are statistics over them),
 * the person who pinned it, or the other projects it comes from.
 */
export type Provenance =
  | { basis: "cited"; uploaders: UploaderShare[] }
  | { basis: "project"; uploaders: UploaderShare[] }
  | { basis: "pinned"; by: string | null }
  | { basis: "projects"; projects: string[] }
  | { basis: "agent-notes"; files: string[] };

const byMost = (a: UploaderShare, b: UploaderShare) =>
  b.sessions - a.sessions || (a.label ?? "").localeCompare(b.label ?? "");

/** The item's provenance, from who uploaded each session it cites (session id → label) and the project's sessions per uploader. */
export function itemProvenance(
  data: ReviewedItemData,
  cited: ReadonlyMap<number, string | null>,
  project: readonly UploaderShare[],
): Provenance {
  switch (data.section) {
    case "knowledge": {
      const sessions = new Set(data.item.evidence.refs.map((r) => r.sessionId));
      const counts = new Map<string | null, number>();
      for (const id of sessions) {
        const label = cited.get(id) ?? null;
        counts.set(label, (counts.get(label) ?? 0) + 1);
      }
      return { basis: "cited", uploaders: [...counts].map(([label, n]) => ({ label, sessions: n })).sort(byMost) };
    }
    case "pinned":
      return { basis: "pinned", by: data.item.pinnedBy ?? null };
    case "crossProject":
      return { basis: "projects", projects: [...data.item.projects] };
    case "agentNotes":
      return { basis: "agent-notes", files: data.item.sources.map((s) => `${s.path} (${s.uploader})`) };
    default:
      return { basis: "project", uploaders: [...project] };
  }
}

/** The sessions the items cite, to look their uploaders up. */
export function citedSessions(items: readonly ReviewedItemData[]): number[] {
  return [
    ...new Set(items.flatMap((d) => (d.section === "knowledge" ? d.item.evidence.refs.map((r) => r.sessionId) : []))),
  ];
}
