import path from "node:path";
import type { AgentEntry, Found } from "./agent";
import { foundAll, isRealDir, listDir, type FileGroup } from "./files";

/**
 * Finished ACOS trajectories (`<type>_traj_<id>.json`, also as .jsonl) and `patterns.json`. Never `_active.json`
 * (a session in progress) nor `_operations.jsonl` (its raw operation stream): docs/formats.md#acos-trajectories.
 */
function isAcosFile(name: string): boolean {
  if (name.startsWith("_") || name.startsWith(".")) return false;
  return /_traj_.+\.jsonl?$/.test(name) || name === "patterns.json";
}

const acosNames = async (dir: string) =>
  (await listDir(dir))
    .filter((e) => e.isFile() && isAcosFile(e.name))
    .map((e) => e.name)
    .sort((a, b) => Number(a === "patterns.json") - Number(b === "patterns.json") || a.localeCompare(b));

/**
 * The ACOS folder to import for `dir`: `dir` itself, `dir/trajectories` or `dir/.claude/trajectories` (entered
 * by name, never through a link), whichever holds ACOS files first; null when none does.
 */
async function findAcosFolder(dir: string): Promise<string | null> {
  if ((await acosNames(dir)).length > 0) return dir;
  for (const candidate of [path.join(dir, "trajectories"), path.join(dir, ".claude", "trajectories")]) {
    if ((await isRealDir(candidate)) && (await acosNames(candidate)).length > 0) return candidate;
  }
  return null;
}

/**
 * The project an ACOS folder belongs to: the name of the folder that contains its `.claude/` (ACOS keeps
 * `<project>/.claude/trajectories/`); null when the folder is not inside a `.claude/`.
 */
export function acosProjectName(acosDir: string): string | null {
  let current = path.resolve(acosDir);
  while (path.dirname(current) !== current) {
    if (path.basename(current) === ".claude") return path.basename(path.dirname(current)) || null;
    current = path.dirname(current);
  }
  return null;
}

/**
 * One group per ACOS file (each stands alone), trajectories first, then patterns.json; names relative to `root`.
 * `session` is false: a file may hold any number of trajectories, which the server counts as records.
 */
async function acosGroups(root: string, dir: string): Promise<FileGroup[]> {
  return (await foundAll(root, dir, await acosNames(dir))).map((file) => ({
    label: file.name,
    files: [file],
    subagents: 0,
    session: false,
  }));
}

export const acos: AgentEntry = {
  kind: "acos",
  name: "ACOS",
  expects: "ACOS trajectories (.claude/trajectories/*_traj_*.json, patterns.json)",
  home: null,
  async find(dir: string): Promise<Found | null> {
    const folder = await findAcosFolder(dir);
    if (!folder) return null;
    return { kind: "acos", dir: folder, root: dir, folders: [], groups: await acosGroups(dir, folder) };
  },
  /** ACOS has no hooks that name a transcript. */
  async hookSession(): Promise<null> {
    return null;
  },
};
