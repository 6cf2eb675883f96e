// @ts-check
import path from "node:path";
import { listDir, sourceFile } from "./files.mjs";

/** @typedef {import("./files.mjs").Group} Group */

/**
 * Finished ACOS trajectories (`<type>_traj_<id>.json`, also as .jsonl) and `patterns.json`. Never `_active.json`
 * (a session in progress) nor `_operations.jsonl` (its raw operation stream): formats.md §1.
 * @param {string} name
 */
export function isAcosFile(name) {
  if (name.startsWith("_")) return false;
  return /_traj_.+\.jsonl?$/.test(name) || name === "patterns.json";
}

/**
 * The ACOS folder to import for `dir`: `dir` itself, `dir/trajectories` or `dir/.claude/trajectories`,
 * whichever holds ACOS files first; null when none does.
 * @param {string} dir
 * @returns {string | null}
 */
export function findAcosFolder(dir) {
  for (const candidate of [dir, path.join(dir, "trajectories"), path.join(dir, ".claude", "trajectories")]) {
    if (listDir(candidate).some((e) => e.isFile() && isAcosFile(e.name))) return candidate;
  }
  return null;
}

/**
 * The project an ACOS folder belongs to: the name of the folder that contains its `.claude/` (ACOS keeps
 * `<project>/.claude/trajectories/`); null when the folder is not inside a `.claude/`.
 * @param {string} acosDir
 * @returns {string | null}
 */
export function acosProjectName(acosDir) {
  let current = path.resolve(acosDir);
  while (path.dirname(current) !== current) {
    if (path.basename(current) === ".claude") return path.basename(path.dirname(current)) || null;
    current = path.dirname(current);
  }
  return null;
}

/**
 * One group per ACOS file (each stands alone), trajectories first, then patterns.json. `session` is false:
 * a file may hold any number of trajectories, which the server counts as records.
 * @param {string} acosDir
 * @returns {Group[]}
 */
export function acosGroups(acosDir) {
  const names = listDir(acosDir)
    .filter((e) => e.isFile() && isAcosFile(e.name))
    .map((e) => e.name)
    .sort((a, b) => Number(a === "patterns.json") - Number(b === "patterns.json") || a.localeCompare(b));
  return names
    .map((name) => sourceFile(path.join(acosDir, name), name))
    .filter((f) => f !== null)
    .map((file) => ({ label: file.name, files: [file], subagents: 0, session: false }));
}
