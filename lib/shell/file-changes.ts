import { commandParts } from "@/lib/shell/split";

/**
 * What a shell command does to the project's files that later knowledge must follow: files (or folders) it deletes
 * (`rm`, `git rm`, `rm -r dir/`) and files it moves (`mv`, `git mv`). Paths are as written, joined to a `cd` made
 * earlier in the same command line (`cd web && rm a.ts` → `web/a.ts`). Globs, variables, quoted paths and
 * `git rm --cached` (which keeps the file on disk) are not read: what cannot be named surely is left alone.
 */
export type FileChange = { kind: "delete"; path: string } | { kind: "move"; from: string; to: string };

/** A word that names one path surely: no glob, variable, substitution, quote or home folder. */
const PLAIN_PATH = /^[^\s*?[\]{}$`'"~<>|&;]+$/;

/** `a/./b/../c/` → `a/c`; null when it climbs above where it starts or names nothing. */
function normalise(path: string): string | null {
  const absolute = path.startsWith("/");
  const out: string[] = [];
  for (const part of path.split("/")) {
    if (part === "" || part === ".") continue;
    if (part === "..") {
      if (out.length === 0) return null;
      out.pop();
    } else out.push(part);
  }
  if (out.length === 0) return null;
  return `${absolute ? "/" : ""}${out.join("/")}`;
}

const join = (dir: string, path: string) => (path.startsWith("/") || dir === "" ? path : `${dir}/${path}`);

/** The words after the program (and `git`'s subcommand), options left out; null when one is not a plain path. */
function operands(words: readonly string[]): string[] | null {
  const out: string[] = [];
  let options = true;
  for (const word of words) {
    if (options && word === "--") {
      options = false;
      continue;
    }
    if (options && word.startsWith("-")) continue;
    if (!PLAIN_PATH.test(word)) return null;
    out.push(word);
  }
  return out;
}

/** The program's words without `git`'s global options: `git -C x rm a` → ["git", "rm", "a"]. */
function programWords(part: string): string[] {
  const words = part.split(/\s+/);
  if (words[0] !== "git") return words;
  let i = 1;
  while (i < words.length && words[i]!.startsWith("-")) i += /^-[Cc]$/.test(words[i]!) ? 2 : 1;
  return ["git", ...words.slice(i)];
}

/** The deletions and moves a command line makes, in order. */
export function fileChanges(command: string): FileChange[] {
  const changes: FileChange[] = [];
  let dir = "";
  for (const part of commandParts(command)) {
    const words = programWords(part);
    const [program, ...rest] = words;
    if (program === "cd") {
      const to = rest[0];
      dir = to !== undefined && PLAIN_PATH.test(to) ? (normalise(join(dir, to)) ?? "") : "";
      continue;
    }
    const isGit = program === "git";
    const verb = isGit ? rest[0] : program;
    const args = isGit ? rest.slice(1) : rest;
    if (verb !== "rm" && verb !== "mv") continue;
    if (isGit && verb === "rm" && args.includes("--cached")) continue;
    // `mv -t dir a b` and the like name the target by option: not read.
    if (verb === "mv" && args.some((a) => /^-(?:t|-target-directory)/.test(a))) continue;
    const written = operands(args);
    const paths = written?.map((p) => normalise(join(dir, p)));
    if (!written || !paths || paths.length === 0 || paths.some((p) => p === null)) continue;
    const sure = paths as string[];
    if (verb === "rm") {
      for (const path of sure) changes.push({ kind: "delete", path });
      continue;
    }
    if (sure.length < 2) continue;
    const target = sure.at(-1)!;
    // Several sources, or a target written as a folder (`mv a.ts lib/`), move into the target.
    const into = sure.length > 2 || written.at(-1)!.endsWith("/");
    for (const from of sure.slice(0, -1))
      changes.push({ kind: "move", from, to: into ? `${target}/${from.replace(/^.*\//, "")}` : target });
  }
  return changes;
}
