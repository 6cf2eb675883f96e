import fs from "node:fs";
import path from "node:path";
import { acosProjectName } from "../lib/walk/acos";
import { EXPECTED, findSessions } from "../lib/walk/agents";
import { CliError } from "./errors";
import type { Found } from "../lib/walk/agent";

/**
 * What `starlight import <dir>` found: an agent's sessions (lib/walk, the walker the server's sync uses too) and,
 * for ACOS, whose files name no project, the project they go to.
 */
export type Source = Found & { project: string | undefined; projectFrom: "--project" | "folder" | null };

/**
 * Detects which agent's history `dir` holds, by layout and a look at the content, and lists its files.
 * @param project --project
 */
export async function findSource(dir: string, project: string | undefined): Promise<Source> {
  const absolute = path.resolve(dir);
  let stat;
  try {
    stat = fs.statSync(absolute);
  } catch {
    throw new CliError(`${absolute} does not exist`);
  }
  if (!stat.isDirectory()) throw new CliError(`${absolute} is not a folder: give the folder that holds the sessions`);

  const found = await findSessions(absolute);
  if (!found) throw new CliError(`found no sessions in ${absolute}: expected ${EXPECTED}`);
  if (found.kind !== "acos") return { ...found, project, projectFrom: project ? "--project" : null };
  const named = project ?? acosProjectName(found.dir);
  if (!named) {
    throw new CliError(
      `${found.dir} holds ACOS trajectories, which name no project, and it is not inside a <project>/.claude/ folder: add --project <slug>`,
    );
  }
  return { ...found, project: named, projectFrom: project ? "--project" : "folder" };
}
