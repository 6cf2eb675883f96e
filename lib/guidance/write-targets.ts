import path from "node:path";
import { countLines, MIN_BUDGET } from "./budget";
import { BEGIN_MARKER, END_MARKER, mergeClaudeMd } from "./claude-md";
import type { GuidanceBudget, GuidanceFormat } from "./contract";

/**
 * The files `starlight guidance --write` keeps up to date (docs/guidance-files.md). A "block" target is a file of
 * the user's holding Starlight's block between the markers (merged with mergeClaudeMd, everything else kept byte
 * for byte); a "file" target is Starlight's whole, rewritten each time.
 */
export const WRITE_TARGETS = ["claude-md", "claude-rules", "agents-md", "cursor", "windsurf", "memory"] as const;
export type WriteTarget = (typeof WRITE_TARGETS)[number];

/** Claude Code reads it every session, and it is Starlight's alone: nothing of the user's to merge around. */
export const DEFAULT_WRITE_TARGET: WriteTarget = "claude-rules";

const SPECS: Record<WriteTarget, { format: GuidanceFormat; kind: "block" | "file" }> = {
  "claude-md": { format: "claude-md", kind: "block" },
  "claude-rules": { format: "claude-rules", kind: "file" },
  "agents-md": { format: "agents-md", kind: "block" },
  cursor: { format: "cursor", kind: "file" },
  windsurf: { format: "windsurf", kind: "file" },
  memory: { format: "claude-md", kind: "block" },
};

/** The guidance format a target is written in. */
export function targetFormat(target: WriteTarget): GuidanceFormat {
  return SPECS[target].format;
}

/**
 * Claude Code's folder for a project under ~/.claude/projects: the project's absolute path with every character
 * other than a letter or digit replaced by "-" (`/Users/chip/dev/ai-music` → `-Users-chip-dev-ai-music`).
 */
export function claudeProjectFolder(absolutePath: string): string {
  return absolutePath.replace(/[^A-Za-z0-9]/g, "-");
}

/**
 * Where a target's file is, and the folder it must stay inside: the repository `repo` for every target but
 * `memory`, whose file is Claude Code's auto memory for that repository, under `home`.
 */
export function targetPath(target: WriteTarget, repo: string, home: string): { root: string; file: string } {
  switch (target) {
    case "claude-md":
      return { root: repo, file: path.join(repo, "CLAUDE.md") };
    case "agents-md":
      return { root: repo, file: path.join(repo, "AGENTS.md") };
    case "claude-rules":
      return { root: repo, file: path.join(repo, ".claude", "rules", "starlight.md") };
    case "cursor":
      return { root: repo, file: path.join(repo, ".cursor", "rules", "starlight.mdc") };
    case "windsurf":
      return { root: repo, file: path.join(repo, ".windsurf", "rules", "starlight.md") };
    case "memory": {
      const root = path.join(home, ".claude", "projects", claudeProjectFolder(repo));
      return { root, file: path.join(root, "memory", "MEMORY.md") };
    }
  }
}

/** True when `candidate` lies below `root` (both absolute, symbolic links already resolved); never `root` itself. */
export function isInside(root: string, candidate: string): boolean {
  const relative = path.relative(root, candidate);
  return relative !== "" && relative !== ".." && !relative.startsWith(`..${path.sep}`) && !path.isAbsolute(relative);
}

/** Claude Code loads the first 200 lines of MEMORY.md into each session; lines past them are not read. */
export const MEMORY_WINDOW = 200;
/** The most Starlight's section of MEMORY.md ever takes: the file is Claude's own index of what it learned. */
export const MEMORY_CAP: GuidanceBudget = { maxLines: 50, maxChars: 5_000 };

/**
 * The budget of Starlight's section in a MEMORY.md holding `existing`: what is left of the 200-line window
 * after every line of the user's (above and below the section, so the section never pushes them out of the
 * window), at most MEMORY_CAP. Null when less than the smallest budget the API serves is left.
 */
export function memoryBudget(existing: string): GuidanceBudget | null {
  // The file with a one-line block in place of ours counts the user's lines and the blank line merging adds.
  const others = countLines(mergeClaudeMd(existing, `${BEGIN_MARKER}${END_MARKER}\n`)) - 1;
  const maxLines = Math.min(MEMORY_CAP.maxLines, MEMORY_WINDOW - others);
  return maxLines < MIN_BUDGET.maxLines ? null : { maxLines, maxChars: MEMORY_CAP.maxChars };
}

/** A whole-file target that is there already but is not Starlight's: rewriting it would lose someone's text. */
export class NotStarlightsFileError extends Error {
  constructor() {
    super('it was not written by Starlight (no "# Starlight guidance:" title); move it away or pick another --target');
    this.name = "NotStarlightsFileError";
  }
}

/** Starlight's section would end past line 200 of MEMORY.md, where Claude Code no longer reads. */
export class OutsideMemoryWindowError extends Error {
  constructor(lines: number) {
    super(`with Starlight's section MEMORY.md would have ${lines} lines, past the ${MEMORY_WINDOW} Claude Code reads`);
    this.name = "OutsideMemoryWindowError";
  }
}

const STARLIGHT_TITLE = /^# Starlight guidance: /m;

/**
 * A target file's new text, from its current text (null: no file yet) and the guidance rendered in
 * targetFormat(target). Block targets merge (UnclosedBlockError for a begin marker without an end marker); a
 * whole-file target is replaced, unless the file there is not Starlight's (NotStarlightsFileError); MEMORY.md
 * must stay within its window (OutsideMemoryWindowError).
 */
export function updatedFile(target: WriteTarget, existing: string | null, rendered: string): string {
  if (SPECS[target].kind === "file") {
    if (existing !== null && !STARLIGHT_TITLE.test(existing)) throw new NotStarlightsFileError();
    return rendered;
  }
  const merged = mergeClaudeMd(existing ?? "", rendered);
  if (target === "memory" && countLines(merged) > MEMORY_WINDOW) throw new OutsideMemoryWindowError(countLines(merged));
  return merged;
}
