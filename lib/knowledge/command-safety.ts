import { redactSecrets } from "@/lib/redact";
import { SETUP } from "@/lib/shell/family";
import { separators, simpleCommands } from "@/lib/shell/split";

/**
 * Whether a shell command may ever be suggested to an agent (docs/guidance-safety.md). Commands come from uploads,
 * and an agent runs what guidance names, so a command is refused — never an item, never a fix, never a line — when
 * any rule below finds it: reviewed or not, however often it passed. The rules are data: each names its risk and
 * says why, and the tests hold a command each rule refuses and a legitimate one it lets through.
 */

export const COMMAND_RISKS = [
  "multi-line",
  "substitution",
  "network-to-interpreter",
  "chained",
  "comment",
  "destructive-git",
  "destructive-delete",
  "privilege",
  "system",
  "eval",
  "credential",
  "instruction",
] as const;
export type CommandRisk = (typeof COMMAND_RISKS)[number];

/** A command as the rules read it. */
interface Reading {
  /** As written. */
  raw: string;
  /** Each step's words, quoted strings as `''`, assignments before the program dropped. */
  steps: string[][];
  /** The quoted strings' contents. */
  quoted: string[];
  /** The separators between steps, outside quotes and without one pair of parentheses around the whole. */
  joins: string[];
}

const QUOTED = /'([^']*)'|"((?:[^"\\]|\\.)*)"/g;
const ASSIGNMENT = /^\w+=/;
const INTERPRETERS = String.raw`(?:sudo\s+)?(?:ba|z|da|k|fi)?sh|python[\d.]*|node|deno|bun|perl|ruby|php|lua|pwsh|powershell|iex|invoke-expression|source|\.`;
const FETCHERS = String.raw`curl|wget|fetch|iwr|irm|invoke-webrequest|invoke-restmethod|http|https|aria2c|nc|ncat`;
const FETCH_INTO_INTERPRETER = new RegExp(
  String.raw`(?:^|[\s;&|(])(?:${FETCHERS})\b[^\n]*\|\s*(?:${INTERPRETERS})(?=$|[\s;&|)])`,
  "i",
);

/**
 * Words that address a reader, and words of an order: what a flag or argument of a real tool does not spell. The
 * reader named as a thing (`ai`, `agent`, `claude`) is also what projects and files are named after
 * (`diverse_musical_ai.py`, `claude-code-log`, `openai-agents`): only with an order beside it does it address one.
 */
const YOU = new Set(["you", "your", "yourself"]);
const READERS = new Set(["assistant", "agent", "ai", "llm", "claude", "chatgpt", "instruction", "instructions"]);
const ORDERS = new Set([
  "ignore",
  "disregard",
  "forget",
  "previous",
  "prior",
  "always",
  "never",
  "must",
  "should",
  "obey",
  "override",
  "bypass",
  "system",
  "prompt",
  "please",
  "instead",
  "immediately",
]);
/** A quoted argument of this many words or more is prose, not an argument. */
const PROSE_WORDS = 8;

const words = (text: string) =>
  text
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter((w) => w !== "");
/** Reads as an order addressed to a reader: "you", a reader named beside an order, or two words of an order. */
function addresses(parts: readonly string[]): boolean {
  const orders = parts.filter((w) => ORDERS.has(w)).length;
  return parts.some((w) => YOU.has(w)) || (orders >= 1 && parts.some((w) => READERS.has(w))) || orders >= 2;
}

/** The git subcommand and its arguments (global options such as `-C dir` skipped); null when the step is not git. */
function gitArgs(step: readonly string[]): string[] | null {
  if (step[0] !== "git") return null;
  let i = 1;
  while (i < step.length && step[i]!.startsWith("-")) i += /^-[Cc]$/.test(step[i]!) ? 2 : 1;
  return step.slice(i);
}

const hasFlag = (args: readonly string[], long: readonly string[], short: string) =>
  args.some(
    (a) => long.includes(a.split("=")[0]!) || (short !== "" && /^-[a-zA-Z]+$/.test(a) && a.slice(1).includes(short)),
  );

/** Git that rewrites or throws away history or work: the forms an agent must never be told to run. */
function destructiveGit(step: readonly string[]): boolean {
  const git = gitArgs(step);
  if (git === null) return false;
  const [sub, ...args] = git;
  switch (sub) {
    case "push":
      return (
        hasFlag(
          args,
          ["--force", "--force-with-lease", "--force-if-includes", "--mirror", "--delete", "--prune"],
          "f",
        ) ||
        hasFlag(args, [], "d") ||
        args.some((a) => /^\+|^:/.test(a))
      );
    case "reset":
      return args.includes("--hard") || args.includes("--merge");
    case "clean":
      return hasFlag(args, ["--force"], "f");
    case "filter-branch":
    case "filter-repo":
      return true;
    case "rebase":
      return hasFlag(args, ["--interactive", "--root"], "i");
    case "checkout":
      return hasFlag(args, ["--force"], "f") || args.some((a) => a === "." || a === "*" || a === ":/");
    case "restore":
      return args.some((a) => a === "." || a === "*" || a === ":/");
    case "branch":
      return hasFlag(args, [], "D");
    case "stash":
      return args[0] === "clear" || args[0] === "drop";
    case "reflog":
      return args[0] === "expire" || args[0] === "delete";
    case "update-ref":
      return hasFlag(args, [], "d");
    case "gc":
      return args.some((a) => a.startsWith("--prune"));
    default:
      return false;
  }
}

/** A path outside the repository, or all of it: absolute, home, a parent, a variable, or a glob of everything. */
const outsideOrEverything = (path: string) =>
  /^(?:\/|~|\$|\.\.(?:\/|$))|(?:^|\/)\.\.(?:\/|$)/.test(path) || /^(?:\.\/?|\*|\.\/\*|'')$/.test(path);

function destructiveDelete(step: readonly string[]): boolean {
  const [program = "", ...args] = step;
  const targets = args.filter((a) => !a.startsWith("-"));
  if (program === "rm" || program === "rmdir")
    return args.includes("--no-preserve-root") || targets.some(outsideOrEverything);
  if (program === "chmod" || program === "chown" || program === "chgrp") {
    return (
      (hasFlag(args, ["--recursive"], "R") &&
        (targets.some(outsideOrEverything) || targets.some((t) => /^(?:0?777|a\+rwx|o\+w)$/.test(t)))) ||
      targets.some((t) => t === "/")
    );
  }
  if (program === "find") return args.includes("-delete") && targets.some(outsideOrEverything);
  return false;
}

const DEVICE = /^\/dev\/(?!null$|stdout$|stderr$|tty$|fd\/\d$)/;

/** What writes to a device or the machine's state: mkfs, dd to a device, a redirection into /dev, shutdown. */
function system(step: readonly string[]): boolean {
  const [program = ""] = step;
  if (
    /^(?:mkfs(?:\.\w+)?|fdisk|sfdisk|parted|wipefs|mkswap|shutdown|reboot|halt|poweroff|init|systemctl|launchctl|crontab)$/.test(
      program,
    )
  )
    return true;
  if (program === "dd" && step.some((w) => w.startsWith("of=") && DEVICE.test(w.slice(3)))) return true;
  if (program === "shred" || program === "truncate")
    return step.slice(1).some((w) => !w.startsWith("-") && outsideOrEverything(w));
  const redirected = (w: string, i: number) =>
    /^\d?>>?$/.test(w) ? (step[i + 1] ?? "") : /^\d?>/.test(w) ? w.replace(/^\d?>>?/, "") : "";
  return step.some((w, i) => DEVICE.test(redirected(w, i)));
}

const CREDENTIAL_NAME =
  /(?:^|_)(?:TOKEN|SECRET|PASSWORD|PASSWD|PASS|API_?KEY|ACCESS_?KEY|PRIVATE_?KEY|CREDENTIALS?|AUTH)(?:_|$)/i;

interface Rule {
  risk: CommandRisk;
  /** Why the command is never suggested, as docs/guidance-safety.md says it. */
  why: string;
  refuses: (c: Reading) => boolean;
}

export const COMMAND_RULES: readonly Rule[] = [
  {
    risk: "multi-line",
    why: "only a command's first line is ever shown, so a command of several lines would be shown as something else",
    refuses: (c) => /[\r\n]/.test(c.raw),
  },
  {
    risk: "substitution",
    why: "`$(…)`, backticks and `<(…)` run a command hidden inside another one",
    refuses: (c) => /\$\(|`|[<>]\(/.test(c.raw),
  },
  {
    risk: "network-to-interpreter",
    why: "it runs code fetched from the network (`curl … | sh`, `python -c` with urllib and exec)",
    refuses: (c) =>
      FETCH_INTO_INTERPRETER.test(c.raw) ||
      /\b(?:urllib|urlopen|requests\.get|http\.client|fetch\(|https?\.get)\b[\s\S]*\b(?:exec|eval|Function)\s*\(/.test(
        c.raw,
      ),
  },
  {
    risk: "chained",
    why: "something runs after the command (`;`, `&&`, `||`, a pipe, `&`): only setup steps (`cd`, `source`, `export`) joined by `&&` may come before it",
    refuses: (c) =>
      c.joins.some((j) => j !== "&&") ||
      c.steps.slice(0, -1).some((s) => !SETUP.test(s.join(" "))) ||
      (c.steps.length > 1 && SETUP.test(c.steps.at(-1)!.join(" "))),
  },
  {
    risk: "comment",
    why: "a `#` comment says nothing to the shell and everything to a reader",
    refuses: (c) => c.steps.some((s) => s.some((w) => w.startsWith("#"))),
  },
  {
    risk: "destructive-git",
    why: "it rewrites published history or throws away work (force push, `reset --hard`, `clean -f`, filter-branch, interactive rebase, discarding changes)",
    refuses: (c) => c.steps.some(destructiveGit),
  },
  {
    risk: "destructive-delete",
    why: "it deletes (or opens up) files outside the repository, or all of it",
    refuses: (c) => c.steps.some(destructiveDelete),
  },
  {
    risk: "privilege",
    why: "it runs as another user (`sudo`, `doas`, `su`)",
    refuses: (c) => c.steps.some((s) => s.some((w) => /^(?:sudo|doas|su|pkexec|runas)$/.test(w))),
  },
  {
    risk: "system",
    why: "it writes to a device or changes the machine (mkfs, `dd of=/dev/…`, a redirection into /dev, shutdown, a fork bomb)",
    refuses: (c) => c.steps.some(system) || /:\s*\(\s*\)\s*\{/.test(c.raw),
  },
  {
    risk: "eval",
    why: "`eval` and `exec` run text as a command",
    refuses: (c) => c.steps.some((s) => s[0] === "eval" || s[0] === "exec"),
  },
  {
    risk: "credential",
    why: "it holds a credential: a secret the redaction rules recognise, or a token-like variable assigned a value",
    refuses: (c) =>
      redactSecrets(c.raw) !== c.raw ||
      /\[REDACTED/.test(c.raw) ||
      c.raw.split(/\s+/).some((w) => /^(?:export\s+)?\w+=\S/.test(w) && CREDENTIAL_NAME.test(w.split("=")[0]!)),
  },
  {
    risk: "instruction",
    why: "an argument reads as an order to the reader (`--ignore-all-previous-instructions`, a quoted sentence)",
    refuses: (c) =>
      c.steps.some((s) =>
        s.some((w) => w.split(/[-_]+/).filter((p) => /[a-z]/i.test(p)).length >= 3 && addresses(words(w))),
      ) || c.quoted.some((q) => addresses(words(q)) || q.trim().split(/\s+/).length >= PROSE_WORDS),
  },
];

function read(command: string): Reading {
  const trimmed = command.trim();
  const quoted = [...trimmed.matchAll(QUOTED)].map((m) => m[1] ?? m[2] ?? "");
  // One pair of parentheses around the whole line is a subshell of its own: `(source .venv/bin/activate && pytest)`.
  const inner = /^\((?:[^()]|'[^']*'|"(?:[^"\\]|\\.)*")*\)$/.test(trimmed) ? trimmed.slice(1, -1) : trimmed;
  const steps = simpleCommands(inner).map((part) => {
    const w = part.text.split(/\s+/).filter((x) => x !== "");
    while (w.length > 1 && ASSIGNMENT.test(w[0]!)) w.shift();
    return w;
  });
  return { raw: trimmed, steps, quoted, joins: separators(inner) };
}

/** Commands repeat (the same test run, again and again): each is judged once, for up to this many distinct ones. */
const MEMO_SIZE = 10_000;
const memo = new Map<string, readonly CommandRisk[]>();

/** Every risk a command carries, in the order of COMMAND_RULES; empty when it may be suggested. */
export function commandRisks(command: string): readonly CommandRisk[] {
  const known = memo.get(command);
  if (known !== undefined) return known;
  if (memo.size >= MEMO_SIZE) memo.clear();
  const reading = read(command);
  const risks =
    reading.steps.length === 0 ? [] : COMMAND_RULES.filter((rule) => rule.refuses(reading)).map((rule) => rule.risk);
  memo.set(command, risks);
  return risks;
}

/** May this command be named to an agent, as a command to run or one that worked? */
export function isSuggestible(command: string): boolean {
  return command.trim() !== "" && commandRisks(command).length === 0;
}

/** Risks that make a whole shell call hostile, whichever of its steps an item would show. */
const HOSTILE: ReadonlySet<CommandRisk> = new Set([
  "network-to-interpreter",
  "destructive-git",
  "destructive-delete",
  "privilege",
  "system",
  "eval",
  "credential",
  "substitution",
]);
/** `git commit -m "$(cat <<'EOF'`: the heredoc Claude Code writes commit messages with substitutes nothing but text. */
const HEREDOC_TEXT = /\$\(cat <<-?\s*['"]?\w+['"]?\s*$/;

/**
 * Is a shell call's first line (all mining reads of it) hostile: it carries a risk beyond what only makes it unfit to
 * show whole (more than one command, a comment, a wordy argument). Mining learns nothing from such a call — a
 * `make test; curl … | sh` is not a run of `make test`, nor a fix — while `npm test 2>&1 | tail` still counts as a
 * run of `npm test`.
 */
export function isHostile(line: string): boolean {
  return commandRisks(line.replace(HEREDOC_TEXT, "''")).some((risk) => HOSTILE.has(risk));
}

/** Risks that withhold a whole text (a memory, a quote) that names such a command anywhere in it. */
const UNSAFE_IN_TEXT: ReadonlySet<CommandRisk> = new Set([
  "network-to-interpreter",
  "substitution",
  "destructive-git",
  "destructive-delete",
  "privilege",
  "system",
  "eval",
]);
const CODE_SPAN = /`([^`\n]+)`/g;
/** Where a command may start inside prose: a code span, a line, or a program's name in the middle of a sentence. */
const COMMAND_START =
  /\b(?:git|rm|rmdir|sudo|doas|dd|mkfs(?:\.\w+)?|eval|exec|chmod|chown|curl|wget|iwr|shutdown|reboot)\b/g;

/**
 * Does a text written by people, agents or uploads (a memory, a pinned note) name a command that may never be
 * suggested — `curl … | sh`, `$(…)`, `git push --force`, `rm -rf ~`, `sudo …` — in a code span, or anywhere in a
 * line? Such a text is withheld rather than quoted: a quote is still read by the agent.
 */
export function holdsUnsafeCommand(text: string): boolean {
  const spans = [...text.matchAll(CODE_SPAN)].map((m) => m[1]!);
  // Outside code spans a backtick is markdown (a code fence), not a substitution.
  const lines = text.replace(CODE_SPAN, "''").replace(/`+/g, " ").split(/\r?\n/);
  const tails = lines.flatMap((line) => [...line.matchAll(COMMAND_START)].map((m) => line.slice(m.index)));
  return [...spans, ...lines, ...tails].some((candidate) =>
    commandRisks(candidate).some((risk) => UNSAFE_IN_TEXT.has(risk)),
  );
}
