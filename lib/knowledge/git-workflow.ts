import { wasRefused } from "@/lib/ingest/refusal";
import { parseCommand } from "@/lib/shell/purpose";
import { commandParts, runsGit } from "@/lib/shell/split";
import { isHostile, isSuggestible } from "./command-safety";
import { OUTSIDE } from "./co-change";
import { EDIT_TOOLS } from "./commands";
import { MIN_OCCURRENCES, type CommandPurpose, type ConventionItem, type KnowledgeSession } from "./contract";
import { entry, EvidenceTally } from "./evidence";

/**
 * The project's git workflow as its sessions ran it: the commit messages' prefix, the branch work starts from and
 * merges into, how new branches are named, and whether commits were pushed. Only calls that ran are read (a refused
 * or hostile one teaches nothing); each fact needs MIN_OCCURRENCES occurrences, in one session or more.
 */

/** The Conventional Commits types. */
const CONVENTIONAL = new Set([
  "feat",
  "fix",
  "docs",
  "doc",
  "test",
  "tests",
  "refactor",
  "chore",
  "perf",
  "style",
  "build",
  "ci",
  "revert",
]);
/** A subject opening with a prefix and a colon: `feat(parser): …`, `alice: …`. */
const PREFIXED = /^([A-Za-z][\w.-]{0,30})(?:\([^)]{1,40}\))?!?:\s+\S/;
/** Of the commits, the share that must follow a prefix for it to be the project's style. */
const FOLLOWING_SHARE = 0.6;
/** A free prefix (not a Conventional Commits type) takes more commits to be a style rather than a coincidence. */
const MIN_FREE_PREFIXED = 3;
/** Names a base branch goes by. */
const BASE_NAMES = /^(?:main|master|develop|development|dev|trunk)$/;
const MAX_EXAMPLES = 3;
/** Checks a commit may be preceded by, in the order they are named. */
const CHECKS: readonly CommandPurpose[] = ["test", "lint", "typecheck", "format"];
/** Of the commits, the share that must follow passing checks for checking first to be the project's way. */
const CHECKED_SHARE = 0.5;

/** The folder of git worktrees a path lies in (`.claude/worktrees/`, `../worktrees/`), or null. */
export function worktreeFolder(path: string): string | null {
  const parts = path.replace(/\/+$/, "").split("/");
  for (let i = parts.length - 2; i >= 0; i--) {
    if (!/^\.?worktrees?$/.test(parts[i]!)) continue;
    const parent = i > 0 && parts[i - 1]!.startsWith(".") ? `${parts[i - 1]}/` : "";
    return `${parent}${parts[i]}/`;
  }
  return null;
}

/** The worktree folders a command's git steps run in (`git -C <path>`) or add (`git worktree add <path>`). */
function worktreesOf(command: string): string[] {
  const out: string[] = [];
  for (const part of commandParts(command.split(/\r?\n/)[0]!)) {
    const w = part.split(/\s+/);
    if (w[0] !== "git") continue;
    w.forEach((word, i) => {
      const path =
        word === "-C"
          ? w[i + 1]
          : word === "add" && w[i - 1] === "worktree"
            ? w.slice(i + 1).find((x) => !x.startsWith("-"))
            : undefined;
      const folder = path === undefined ? null : worktreeFolder(path);
      if (folder !== null) out.push(folder);
    });
  }
  return out;
}

/** `git -C dir commit …` → ["commit", …] for each git step of a command (quoted text blanked). */
function gitSteps(command: string): string[][] {
  return commandParts(command.split(/\r?\n/)[0]!)
    .map((part) => part.split(/\s+/))
    .filter((w) => w[0] === "git")
    .map((w) => {
      let i = 1;
      while (i < w.length && w[i]!.startsWith("-")) i += /^-[Cc]$/.test(w[i]!) ? 2 : 1;
      return w.slice(i);
    });
}

/** The subject (first line) of the message a `git commit` passes with `-m`, or in Claude Code's heredoc. */
export function commitSubject(command: string): string | null {
  const heredoc = /<<-?\s*['"]?(\w+)['"]?\s*\n([\s\S]*?)\n\s*\1\b/.exec(command);
  const inline = /\s-(?:a?m|-message)[=\s]+(?:"((?:[^"\\]|\\.)*)"|'([^']*)')/.exec(command);
  const message = heredoc?.[2] ?? inline?.[1] ?? inline?.[2] ?? null;
  const subject = message
    ?.split(/\r?\n/)
    .map((l) => l.trim())
    .find((l) => l !== "");
  return subject === undefined ? null : subject;
}

interface Commit {
  subject: string;
  sessionId: number;
  seq: number;
  at: number | null;
}

/** Whether the example may be shown: the commit as it would be run, judged like any command named to an agent. */
const showable = (subject: string) => !subject.includes("'") && isSuggestible(`git commit -m '${subject}'`);

function commitStyle(commits: readonly Commit[]): ConventionItem | null {
  const distinct = [...new Map(commits.map((c) => [c.subject, c])).values()].filter((c) => !/^Merge\b/.test(c.subject));
  const prefixOf = (c: Commit) => PREFIXED.exec(c.subject)?.[1] ?? null;
  const conventional = distinct.filter((c) => CONVENTIONAL.has(prefixOf(c)?.toLowerCase() ?? ""));
  const prefixed = distinct.filter((c) => prefixOf(c) !== null);
  const share = (n: number) => distinct.length > 0 && n / distinct.length >= FOLLOWING_SHARE;
  const isConventional = conventional.length >= MIN_OCCURRENCES && share(conventional.length);
  const following = isConventional
    ? conventional
    : prefixed.length >= MIN_FREE_PREFIXED && share(prefixed.length)
      ? prefixed
      : null;
  if (following === null) return null;
  const counts = new Map<string, number>();
  for (const c of following) counts.set(prefixOf(c)!, (counts.get(prefixOf(c)!) ?? 0) + 1);
  const prefixes = [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([p]) => p);
  const tally = new EvidenceTally();
  for (const c of following) tally.add(c.sessionId, c.seq, c.at);
  const example = [...following].reverse().find((c) => showable(c.subject))?.subject ?? null;
  return {
    kind: "convention",
    key: "convention:commit-style",
    fact: {
      topic: "commit-style",
      conventional: isConventional,
      prefixes,
      commits: distinct.length,
      following: following.length,
      example,
    },
    evidence: tally.evidence(),
  };
}

/** A branch a step names as a base: `checkout -b x <base>`, `merge <base>`, `rebase <base>`, `push origin <base>`, `log <base>..`. */
function baseBranches(step: readonly string[]): string[] {
  const [sub, ...args] = step;
  const words = args.filter((a) => !a.startsWith("-") && a !== "''");
  const named = (w: string) => w.replace(/^origin\//, "").replace(/\.\.\.?.*$/, "");
  if (sub === "checkout" || sub === "switch") {
    const creates = args.some((a) => a === "-b" || a === "-c" || a === "-B" || a === "--create");
    return creates ? words.slice(1).map(named) : words.map(named).filter((w) => BASE_NAMES.test(w));
  }
  if (
    sub === "merge" ||
    sub === "rebase" ||
    sub === "log" ||
    sub === "diff" ||
    sub === "pull" ||
    sub === "push" ||
    sub === "branch"
  ) {
    return words.map(named).filter((w) => BASE_NAMES.test(w));
  }
  return [];
}

/** A branch a step creates: `checkout -b <name>`, `switch -c <name>`, `worktree add … -b <name>`. */
function createdBranch(step: readonly string[]): string | null {
  const [sub, ...args] = step;
  if (sub !== "checkout" && sub !== "switch" && sub !== "worktree") return null;
  const at = args.findIndex((a) => a === "-b" || a === "-c" || a === "-B");
  const name = at >= 0 ? args[at + 1] : undefined;
  return name !== undefined && /^[\w.-]+(?:\/[\w.-]+)+$/.test(name) ? name : null;
}

/** What git answers a commit with: `[master 17015f9] subject`, `[main (root-commit) 1a2b3c4] subject`. */
const COMMITTED_ON = /^\[([\w./-]+)(?: \(root-commit\))? [0-9a-f]{7,40}\]/m;

/** Git's workflow facts over the sessions (oldest first). */
export function mineGitWorkflow(sessions: readonly KnowledgeSession[]): ConventionItem[] {
  const commits: Commit[] = [];
  const bases = new Map<string, EvidenceTally>();
  const created = new Set<string>();
  const createdTally = new EvidenceTally();
  const pushes = new Map<string, EvidenceTally>();
  const commitTally = new EvidenceTally();
  /** The branch each commit went to, as git's answer named it (`[master 17015f9] feat: …`); null when it did not say. */
  const committedOn: (string | null)[] = [];
  let pushTried = false;
  const worktrees = new Map<string, EvidenceTally>();
  const checked = { commits: 0, checked: 0, purposes: new Set<CommandPurpose>(), tally: new EvidenceTally() };
  for (const session of sessions) {
    let sinceEdit = new Set<CommandPurpose>();
    for (const op of session.operations) {
      if (EDIT_TOOLS.has(op.tool) && !op.isError && !OUTSIDE.test(op.file ?? "")) sinceEdit = new Set();
      if (op.command === null) continue;
      if (!op.isError && !wasRefused(op)) {
        for (const step of parseCommand(op.command)?.steps ?? [])
          if (CHECKS.includes(step.purpose)) sinceEdit.add(step.purpose);
      }
      const steps = gitSteps(op.command);
      if (steps.length === 0) continue;
      if (steps.some((s) => s[0] === "push")) pushTried = true;
      if (op.isError || wasRefused(op) || isHostile(op.command.split(/\r?\n/)[0]!)) continue;
      const at = op.at ?? session.startedAt;
      if (runsGit(op.command, "commit")) {
        const subject = commitSubject(op.command);
        if (subject !== null) commits.push({ subject, sessionId: session.id, seq: op.seq, at });
        commitTally.add(session.id, op.seq, at);
        committedOn.push(COMMITTED_ON.exec(op.output ?? "")?.[1] ?? null);
        checked.commits += 1;
        if (sinceEdit.size > 0) {
          checked.checked += 1;
          for (const purpose of sinceEdit) checked.purposes.add(purpose);
          checked.tally.add(session.id, op.seq, at);
        }
      }
      for (const folder of worktreesOf(op.command))
        entry(worktrees, folder, () => new EvidenceTally()).add(session.id, op.seq, at);
      for (const step of steps) {
        for (const base of baseBranches(step))
          entry(bases, base, () => new EvidenceTally()).add(session.id, op.seq, at);
        const branch = createdBranch(step);
        if (branch !== null && !created.has(branch)) {
          created.add(branch);
          createdTally.add(session.id, op.seq, at);
        }
        if (step[0] === "push" && step.length <= 4) {
          const push = ["git", ...step].join(" ");
          if (isSuggestible(push)) entry(pushes, push, () => new EvidenceTally()).add(session.id, op.seq, at);
        }
      }
    }
  }
  const out: ConventionItem[] = [];
  const style = commitStyle(commits);
  if (style) out.push(style);
  const base = [...bases]
    .filter(([name]) => BASE_NAMES.test(name))
    .sort((a, b) => b[1].occurrences - a[1].occurrences || (a[0] < b[0] ? -1 : 1));
  const [top, second] = base;
  if (
    top !== undefined &&
    top[1].occurrences >= MIN_OCCURRENCES &&
    (second === undefined || top[1].occurrences >= 2 * second[1].occurrences)
  ) {
    out.push({
      kind: "convention",
      key: "convention:base-branch",
      fact: { topic: "base-branch", branch: top[0] },
      evidence: top[1].evidence(),
    });
  }
  if (created.size >= MIN_OCCURRENCES) {
    const examples = [...created].slice(-MAX_EXAMPLES);
    out.push({
      kind: "convention",
      key: "convention:branch-naming",
      fact: { topic: "branch-naming", examples },
      evidence: createdTally.evidence(),
    });
  }
  const worktree = [...worktrees].sort((a, b) => b[1].occurrences - a[1].occurrences || (a[0] < b[0] ? -1 : 1))[0];
  if (worktree !== undefined && worktree[1].occurrences >= MIN_OCCURRENCES) {
    out.push({
      kind: "convention",
      key: "convention:worktrees",
      fact: { topic: "worktrees", folder: worktree[0] },
      evidence: worktree[1].evidence(),
    });
  }
  if (checked.checked >= MIN_OCCURRENCES && checked.checked >= CHECKED_SHARE * checked.commits) {
    const checks = CHECKS.filter((p) => checked.purposes.has(p));
    out.push({
      kind: "convention",
      key: "convention:pre-commit",
      fact: { topic: "pre-commit", checks, checked: checked.checked, commits: checked.commits },
      evidence: checked.tally.evidence(),
    });
  }
  const push = [...pushes].sort((a, b) => b[1].occurrences - a[1].occurrences || (a[0] < b[0] ? -1 : 1))[0];
  if (push !== undefined) {
    out.push({
      kind: "convention",
      key: "convention:push",
      fact: { topic: "push", command: push[0], commits: commitTally.occurrences },
      evidence: push[1].evidence(),
    });
  } else if (!pushTried && commitTally.occurrences > MIN_OCCURRENCES) {
    // The branch the local commits are on, when git named one for every one of them.
    const branch = committedOn[0] ?? null;
    const onOne = branch !== null && committedOn.every((b) => b === branch) ? branch : null;
    out.push({
      kind: "convention",
      key: "convention:push",
      fact: {
        topic: "push",
        command: null,
        commits: commitTally.occurrences,
        ...(onOne === null ? {} : { branch: onOne }),
      },
      evidence: commitTally.evidence(),
    });
  }
  return out;
}
