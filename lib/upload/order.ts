import { baseName } from "./paths";

/**
 * Upload phases: main transcripts and ACOS files first, then sub-agent transcripts, then their `.meta.json`
 * files, so the server already holds a session when its sub-agents arrive.
 */
export function uploadPhase(path: string): 0 | 1 | 2 {
  const name = baseName(path);
  if (name.endsWith(".meta.json")) return 2;
  if (name.startsWith("agent-") || path.split("/").includes("subagents")) return 1;
  return 0;
}

/** The items split into phases (empty phases dropped), each sorted by path. */
export function uploadPhases<T>(items: readonly T[], pathOf: (item: T) => string): T[][] {
  const phases: T[][] = [[], [], []];
  for (const item of items) phases[uploadPhase(pathOf(item))]!.push(item);
  const byPath = (a: T, b: T) => {
    const pa = pathOf(a);
    const pb = pathOf(b);
    return pa < pb ? -1 : pa > pb ? 1 : 0;
  };
  return phases.filter((phase) => phase.length > 0).map((phase) => phase.sort(byPath));
}
