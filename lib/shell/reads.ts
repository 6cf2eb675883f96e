import path from "node:path";
import { simpleCommands } from "@/lib/shell/split";

/**
 * The files a shell command reads when reading is all it does — how Codex and Gemini agents read files (`cat`,
 * `sed -n '1,120p'`, `head -50`, `nl -ba`, `rg -n foo src/x.ts`), so that their parsers can map the call onto the
 * canonical Read. Every step must only read: `cat`, `head`, `tail`, `nl`, `less`, `more`, `bat`, `wc`, `rg`/`grep`
 * on named files, `sed -n` with print commands only, plus `cd`, `echo`, `printf`, `pwd`, `ls` between them. Anything
 * else — `sed -i`, a redirection other than `2>&1`/`2>/dev/null`, `tee`, a heredoc, `$(…)`, a variable, a glob, any
 * other program — and the command reads nothing here (`[]`). Paths are resolved against `cwd` and earlier `cd` steps.
 */

/** Options that take the next word as their value, per reader. */
const VALUED: Readonly<Record<string, ReadonlySet<string>>> = {
  cat: new Set(),
  head: new Set(["-n", "-c"]),
  tail: new Set(["-n", "-c"]),
  nl: new Set(["-b", "-d", "-f", "-h", "-i", "-l", "-n", "-s", "-v", "-w"]),
  less: new Set(),
  more: new Set(),
  bat: new Set(["-r", "--line-range", "-l", "--language", "--style", "-H", "--highlight-line"]),
  wc: new Set(),
  sed: new Set(["-e", "--expression"]),
  rg: new Set([
    "-e",
    "--regexp",
    "-g",
    "--glob",
    "-t",
    "--type",
    "-T",
    "--type-not",
    "-A",
    "-B",
    "-C",
    "-m",
    "--max-count",
    "-M",
    "--max-columns",
  ]),
  grep: new Set(["-e", "--regexp", "-A", "-B", "-C", "-m", "--max-count", "--include", "--exclude"]),
};
const HARMLESS = /^(?:echo|printf|pwd|ls|true)$/;
const STDERR = /^2>(?:&1|\/dev\/null)$/;
/** A word the shell would expand or redirect: its files cannot be told from the text. */
const UNSAFE = /[$`*?[\]{}<>~]/;
/** `sed` print scripts: `1,120p`, `$p`, `/start/,/end/p`, several joined by `;`. */
const ADDRESS = String.raw`(?:\d+|\$|/[^/]*/)`;
const SED_PRINT = new RegExp(String.raw`^(?:${ADDRESS}(?:,${ADDRESS})?)?p(?:;(?:${ADDRESS}(?:,${ADDRESS})?)?p)*;?$`);
/** A file rather than a folder, for searches that take both: its last part has an extension. */
const FILE_NAME = /(?:^|\/)[^/]*[^./]\.[\w-]+$/;

const WORD = /(?:[^\s'"\\]|\\.|'[^']*'|"(?:[^"\\]|\\.)*")+/g;
const unquote = (word: string) =>
  word.replace(
    /'([^']*)'|"((?:[^"\\]|\\.)*)"|\\(.)/g,
    (_, single, double, escaped) => single ?? escaped ?? double.replace(/\\(.)/g, "$1"),
  );

/** The operands of one step, its options (with their values) set apart; null when a word is one the shell would expand. */
function operands(
  program: string,
  words: readonly string[],
): { options: string[]; values: string[]; operands: string[] } | null {
  const valued = VALUED[program] as ReadonlySet<string>;
  const out = { options: [] as string[], values: [] as string[], operands: [] as string[] };
  for (let i = 0; i < words.length; i++) {
    const word = words[i] as string;
    if (word === "--") {
      out.operands.push(...words.slice(i + 1));
      break;
    }
    if (word.startsWith("-") && word !== "-") {
      const name = word.split("=")[0] as string;
      out.options.push(name);
      if (valued.has(name) && !word.includes("=")) out.values.push(words[++i] ?? "");
      else if (word.includes("=")) out.values.push(word.slice(name.length + 1));
      continue;
    }
    out.operands.push(word);
  }
  return out.operands.some((w) => UNSAFE.test(w)) ? null : out;
}

/** The files one reading step names, or null when the step does more than read. */
function stepReads(program: string, words: readonly string[]): string[] | null {
  const parsed = operands(program, words);
  if (parsed === null) return null;
  const files = parsed.operands.filter((w) => w !== "-");
  if (program === "sed") {
    if (parsed.options.some((o) => o.startsWith("--in-place") || /^-[a-zA-Z]*[if]/.test(o))) return null;
    if (!parsed.options.some((o) => o === "--quiet" || o === "--silent" || (/^-[a-zA-Z]+$/.test(o) && o.includes("n"))))
      return null;
    const scripts =
      parsed.options.includes("-e") || parsed.options.includes("--expression") ? parsed.values : files.splice(0, 1);
    return scripts.length > 0 && scripts.every((s) => SED_PRINT.test(s.replace(/\s+/g, ""))) ? files : null;
  }
  if (program === "rg" || program === "grep") {
    if (parsed.options.includes("--files")) return [];
    const named = parsed.options.some((o) => o === "-e" || o === "--regexp") ? files : files.slice(1);
    return named.filter((f) => FILE_NAME.test(f));
  }
  return files;
}

export function shellReads(command: string, cwd: string | null): string[] {
  let base = cwd;
  const read: string[] = [];
  for (const step of simpleCommands(command)) {
    const all = (step.written.match(WORD) ?? []).filter((w) => !STDERR.test(w));
    if (all.some((w) => /^\d?[<>]/.test(w) || /\$\(|`/.test(w))) return [];
    const [program = "", ...words] = all.map(unquote);
    if (program === "cd") {
      const dir = words[0];
      if (dir === undefined || words.length > 1 || UNSAFE.test(dir)) return [];
      base = base === null ? (path.posix.isAbsolute(dir) ? dir : null) : path.posix.resolve(base, dir);
      if (base === null) return [];
      continue;
    }
    if (HARMLESS.test(program)) continue;
    if (!(program in VALUED)) return [];
    const files = stepReads(program, words);
    if (files === null) return [];
    read.push(
      ...files.map((f) =>
        base === null || path.posix.isAbsolute(f) ? path.posix.normalize(f) : path.posix.resolve(base, f),
      ),
    );
  }
  return [...new Set(read)];
}
