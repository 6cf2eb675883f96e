import fs from "node:fs";
import path from "node:path";
import { taskNameSchema, taskSpecSchema } from "../lib/ablation/contract";
import { CliError } from "./errors";

export interface SuiteTask {
  /** the task's folder name */
  name: string;
  /** the task's folder */
  dir: string;
  /** its `repo/` folder, copied into each run's working copy; null when the setup makes it */
  repo: string | null;
  spec: import("../lib/ablation/contract").TaskSpec;
}
function fieldErrors(file: string, error: import("zod").ZodError) {
  return error.issues
    .map((issue) => {
      const field = issue.code === "unrecognized_keys" ? issue.keys.join(", ") : issue.path.join(".");
      return `${file}: ${field || "(the file)"}: ${issue.message}`;
    })
    .join("\n");
}

/**
 * The tasks of a suite folder (docs/ablation.md): each sub-folder with a `task.json`, in name order. Everything
 * wrong with the suite is reported at once, naming the file and field, before anything runs.
 */
export function loadSuite(dir: string): SuiteTask[] {
  const root = path.resolve(dir);
  if (!fs.statSync(root, { throwIfNoEntry: false })?.isDirectory())
    throw new CliError(`--suite ${root} is not a folder`);
  const tasks: SuiteTask[] = [];
  const problems: string[] = [];
  const folders = fs
    .readdirSync(root, { withFileTypes: true })
    .filter((e) => e.isDirectory() && fs.existsSync(path.join(root, e.name, "task.json")));
  for (const entry of folders.sort((a, b) => a.name.localeCompare(b.name))) {
    const taskDir = path.join(root, entry.name);
    const file = path.join(taskDir, "task.json");
    const name = taskNameSchema.safeParse(entry.name);
    if (!name.success) {
      problems.push(`${taskDir}: ${name.error.issues[0]?.message}`);
      continue;
    }
    let json;
    try {
      json = JSON.parse(fs.readFileSync(file, "utf8"));
    } catch (error) {
      problems.push(`${file}: not JSON (${(error as Error).message})`);
      continue;
    }
    const spec = taskSpecSchema.safeParse(json);
    if (!spec.success) {
      problems.push(fieldErrors(file, spec.error));
      continue;
    }
    const repo = path.join(taskDir, "repo");
    const hasRepo = fs.statSync(repo, { throwIfNoEntry: false })?.isDirectory() ?? false;
    if (!hasRepo && spec.data.setup === undefined) {
      problems.push(
        `${taskDir}: has neither a repo/ folder nor a "setup" command, so a run would start from an empty folder`,
      );
      continue;
    }
    tasks.push({ name: entry.name, dir: taskDir, repo: hasRepo ? repo : null, spec: spec.data });
  }
  if (problems.length > 0) throw new CliError(`the suite ${root} has problems:\n${problems.join("\n")}`);
  if (tasks.length === 0) throw new CliError(`the suite ${root} has no tasks: expected folders holding a task.json`);
  return tasks;
}
