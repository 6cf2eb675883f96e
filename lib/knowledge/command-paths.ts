import { simpleCommands } from "@/lib/shell/split";
import { EDIT_TOOLS } from "./commands";
import { CONVENTIONAL, OUTSIDE, projectRoot } from "./co-change";
import type { KnowledgeSession } from "./contract";

/**
 * The paths in a project's commands: where the project's root is (the folder its commands run in), what a run
 * targets (one file, a folder by role, a marker, or the whole suite), and its form with paths relative to the root,
 * so that an author's machine path (`/home/sam/code/x/tests/test_a.py`) never reaches another machine.
 */

/** Top-level folders by convention: a path through one of them starts inside the project. */
/** Options that select which tests run: a marker, a name pattern, a package. */
const SELECTORS = new Set([
  "-k",
  "-m",
  "-t",
  "-p",
  "--package",
  "--filter",
  "--testNamePattern",
  "--grep",
  "-g",
  "--project",
  "--markers",
  "-E",
]);

/** Paths of the system, the same on every machine: `2> /dev/null`, `/tmp/out.log`. */
const SYSTEM = /^\/(?:dev|tmp|usr|bin|etc)\//;

const isAbsolute = (word: string) => /^(?:\/|~\/)/.test(word);
const WHOLE = new Set([".", "./", "./...", "...", "--"]);
const isPath = (word: string) =>
  !word.startsWith("-") &&
  !WHOLE.has(word) &&
  (word.includes("/") || /\.\w{1,5}(?:::|$)/.test(word) || word.includes("::"));

/**
 * The project's root, ending in "/": the folder the agent most often `cd`s into by absolute path, else the folder
 * holding most files it modified (above a conventional folder like `src/`); "" when neither is known.
 */
export function commandRoot(sessions: readonly KnowledgeSession[]): string {
  const cds = new Map<string, number>();
  const edited: string[] = [];
  for (const session of sessions) {
    for (const op of session.operations) {
      if (EDIT_TOOLS.has(op.tool) && !op.isError && op.file?.startsWith("/") && !OUTSIDE.test(op.file))
        edited.push(op.file);
      const first =
        op.command === null ? undefined : simpleCommands(op.command.split(/\r?\n/)[0]!)[0]?.text.split(/\s+/);
      if (
        first?.[0] === "cd" &&
        first[1]?.startsWith("/") &&
        first.length === 2 &&
        !SYSTEM.test(`${first[1]}/`) &&
        !OUTSIDE.test(first[1])
      ) {
        const dir = first[1].endsWith("/") ? first[1] : `${first[1]}/`;
        cds.set(dir, (cds.get(dir) ?? 0) + 1);
      }
    }
  }
  const cd = [...cds].sort(([a, x], [b, y]) => y - x || a.length - b.length || (a < b ? -1 : 1))[0]?.[0];
  if (cd !== undefined) return cd;
  let root = projectRoot(edited);
  while (root !== "" && CONVENTIONAL.test(root.split("/").at(-2) ?? "")) root = root.replace(/[^/]+\/$/, "");
  return root === "/" ? "" : root;
}

/** An absolute path relative to the root, else from its first conventional folder; null when neither is known. */
function relativePath(path: string, root: string): string | null {
  if (SYSTEM.test(path)) return path;
  if (root !== "" && (path === root.slice(0, -1) || path.startsWith(root))) return path.slice(root.length) || ".";
  const parts = path.split("/");
  const at = parts.findIndex((part) => CONVENTIONAL.test(part));
  return at > 0 ? parts.slice(at).join("/") : null;
}

/**
 * The command with its absolute paths made relative to the root (a leading `cd <root> &&` left out: the root is where
 * commands run); null when a path lies outside what is known of the project.
 */
export function relativeCommand(command: string, root: string): string | null {
  let text = command;
  if (root !== "") {
    const cd = new RegExp(
      String.raw`^\(?\s*cd\s+${root.slice(0, -1).replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}/?\s*&&\s*`,
    );
    if (cd.test(text)) text = text.replace(cd, text.startsWith("(") ? "(" : "");
  }
  let unknown = false;
  const out = text.replace(/(^|[\s=('"])((?:\/|~\/)[^\s'")]+)/g, (whole, before: string, path: string) => {
    const rel = relativePath(path, root);
    if (rel === null) unknown = true;
    return `${before}${rel ?? path}`;
  });
  return unknown ? null : out;
}

/** What a run of a form aims at, from the words after its tool: the whole suite, or a part of it. */
export interface RunTarget {
  /** It names a file or folder by absolute path: a one-off run on the author's machine. */
  absolute: boolean;
  /** It names files, folders or tests, or selects by marker or name: a part of the suite. */
  partial: boolean;
}

/** The target of the step `canonical` (its last word is the tool's) as written in `exact`. */
export function runTarget(exact: string, canonical: string): RunTarget {
  const tool = canonical.split(/\s+/).at(-1) ?? "";
  const parts = simpleCommands(exact).map((p) => p.written.split(/\s+/));
  const step = [...parts].reverse().find((words) => words.includes(tool)) ?? [];
  const args = step.slice(step.lastIndexOf(tool) + 1);
  const absolute = args.some(isAbsolute);
  const partial = absolute || args.some((word) => isPath(word) || SELECTORS.has(word.replace(/=.*/, "")));
  return { absolute, partial };
}
