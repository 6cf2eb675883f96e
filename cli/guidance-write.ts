import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { removeBlock } from "../lib/guidance/claude-md";
import {
  DEFAULT_WRITE_TARGET,
  isInside,
  memoryBudget,
  targetFormat,
  targetPath,
  updatedFile,
  type WriteTarget,
} from "../lib/guidance/write-targets";
import { hookProject } from "../lib/walk/hook-project";
import { fetchGuidance } from "./guidance";

interface WriteOptions {
  url?: string;
  token?: string;
  project?: string;
  target?: WriteTarget;
  dir?: string;
}
function warn(message: string) {
  process.stderr.write(`starlight guidance: ${message}\n`);
}

/**
 * A path with its symbolic links resolved, for a file that may not exist yet: the real path of its nearest
 * existing ancestor joined with the rest (a link at the end, to anywhere, is resolved when its target exists).
 */
function canonical(absolute: string): string {
  const rest = [];
  let current = absolute;
  for (;;) {
    try {
      return path.join(fs.realpathSync(current), ...rest.reverse());
    } catch {
      const parent = path.dirname(current);
      if (parent === current) return absolute;
      rest.push(path.basename(current));
      current = parent;
    }
  }
}

/**
 * The file's text, null when there is none. A file that is not UTF-8 is refused: decoding it and writing it back
 * would change bytes outside Starlight's block.
 */
function readOrNull(file: string): string | null {
  let bytes;
  try {
    bytes = fs.readFileSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
  const text = bytes.toString("utf8");
  if (!Buffer.from(text, "utf8").equals(bytes))
    throw new Error("it is not UTF-8 text, so it cannot be merged without changing it");
  return text;
}

/**
 * Replaces `file` with `text` in one step (written beside it and renamed over it), keeping its permissions.
 */
function writeAtomically(file: string, text: string) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.starlight-${process.pid}.tmp`;
  try {
    fs.writeFileSync(temporary, text, { flag: "wx" });
    if (fs.existsSync(file)) fs.chmodSync(temporary, fs.statSync(file).mode & 0o7777);
    fs.renameSync(temporary, file);
  } catch (error) {
    fs.rmSync(temporary, { force: true });
    throw error;
  }
}

/**
 * `starlight guidance --write`: fetches the project's guidance in the target's format and updates the target's
 * file in place (lib/guidance/write-targets.ts decides how), printing "<file>: created", "updated" or
 * "unchanged". The repository is --dir (default the current folder), which also names the project unless
 * --project or STARLIGHT_PROJECT does. Never writes outside the target's folder (a link leading out of it is
 * refused). Like every guidance call it never fails a hook: on any failure it leaves the file as it was, says
 * why on stderr and exits 0.
 */
export async function runGuidanceWrite(options: WriteOptions, env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const target = options.target ?? DEFAULT_WRITE_TARGET;
  let shown: string = target;
  try {
    const named = path.resolve(options.dir ?? process.cwd());
    if (!fs.statSync(named, { throwIfNoEntry: false })?.isDirectory())
      throw new Error(`--dir ${named} is not a folder`);
    const repo = fs.realpathSync(named);
    const { root, file } = targetPath(target, repo, os.homedir());
    const real = canonical(file);
    shown = isInside(repo, real) ? path.relative(repo, real) : real;
    if (!isInside(canonical(root), real))
      throw new Error(`${file} leads to ${real}, outside ${root}; refusing to write there`);
    const project = options.project || env.STARLIGHT_PROJECT || hookProject({ cwd: repo }) || undefined;
    const existing = readOrNull(real);

    let next;
    if (target === "memory") {
      const budget = memoryBudget(existing ?? "");
      if (budget === null) {
        warn(`${shown} has no room left in the first 200 lines Claude Code reads; Starlight's section is left out`);
        next = existing === null ? null : removeBlock(existing);
      } else {
        next = updatedFile(
          target,
          existing,
          await fetchGuidance(
            { ...options, format: targetFormat(target) },
            { project, session: undefined, budget },
            env,
          ),
        );
      }
    } else {
      next = updatedFile(
        target,
        existing,
        await fetchGuidance({ ...options, format: targetFormat(target) }, { project, session: undefined }, env),
      );
    }

    if (next === null || next === existing) {
      process.stdout.write(`${shown}: unchanged\n`);
      return 0;
    }
    writeAtomically(real, next);
    process.stdout.write(`${shown}: ${existing === null ? "created" : "updated"}\n`);
  } catch (error) {
    const message = (error as Error)?.message ?? String(error);
    warn(`${shown}: ${message} — left as it was`);
  }
  return 0;
}
