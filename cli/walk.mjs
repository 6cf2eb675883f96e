// @ts-check
import fs from "node:fs";
import path from "node:path";
import { CliError } from "./errors.mjs";
import { acosGroups, acosProjectName, findAcosFolder } from "./walk-acos.mjs";
import { looksLikeTranscript, projectFolderGroups, projectFolders, transcriptsIn } from "./walk-claude.mjs";

/** @typedef {import("./files.mjs").Group} Group */

/**
 * What `starlight import <dir>` found.
 * @typedef {{ kind: "claude-code", root: string, folders: string[], groups: Group[] }
 *   | { kind: "acos", dir: string, project: string, projectFrom: "--project" | "folder", groups: Group[] }} Source
 */

/**
 * Claude Code layout: `dir` is a projects root (`~/.claude/projects`, or `~/.claude` holding it) whose
 * sub-folders hold `<sessionId>.jsonl`, or one project folder holding them itself.
 * @param {string} dir
 * @returns {{ root: string, folders: string[] } | null}
 */
function findClaudeTree(dir) {
  const own = transcriptsIn(dir);
  if (own.length > 0) {
    if (!own.some(looksLikeTranscript)) return null;
    return { root: path.dirname(dir), folders: [path.basename(dir)] };
  }
  for (const root of [dir, path.join(dir, "projects")]) {
    const folders = projectFolders(root);
    if (folders.length === 0) continue;
    const sample = folders.flatMap((f) => transcriptsIn(path.join(root, f)).slice(0, 2)).slice(0, 10);
    if (sample.some(looksLikeTranscript)) return { root, folders };
  }
  return null;
}

/**
 * Detects which kind of history `dir` holds, by layout and a look at the content, and lists its files.
 * @param {string} dir
 * @param {string | undefined} project  --project
 * @returns {Source}
 */
export function findSource(dir, project) {
  const absolute = path.resolve(dir);
  let stat;
  try {
    stat = fs.statSync(absolute);
  } catch {
    throw new CliError(`${absolute} does not exist`);
  }
  if (!stat.isDirectory()) throw new CliError(`${absolute} is not a folder: give the folder that holds the sessions`);

  const acos = findAcosFolder(absolute);
  if (acos) {
    const named = project ?? acosProjectName(acos);
    if (!named) {
      throw new CliError(
        `${acos} holds ACOS trajectories, which name no project, and it is not inside a <project>/.claude/ folder: add --project <slug>`,
      );
    }
    return { kind: "acos", dir: acos, project: named, projectFrom: project ? "--project" : "folder", groups: acosGroups(acos) };
  }

  const tree = findClaudeTree(absolute);
  if (tree) {
    const groups = tree.folders.flatMap((folder) => projectFolderGroups(tree.root, folder));
    return { kind: "claude-code", root: tree.root, folders: tree.folders, groups };
  }
  throw new CliError(
    `found no sessions in ${absolute}: expected Claude Code transcripts (~/.claude/projects/<folder>/<session>.jsonl) ` +
      `or ACOS trajectories (.claude/trajectories/*_traj_*.json, patterns.json)`,
  );
}
