import { parseCommand } from "@/lib/shell/purpose";
import { commandFamily, SETUP } from "@/lib/shell/family";
import { commandParts } from "@/lib/shell/split";
import { wasRefused } from "@/lib/ingest/refusal";
import { failureLine, looksAround } from "@/lib/learn/session-facts";
import { projectRoot, relative } from "./co-change";
import { EDIT_TOOLS } from "./commands";
import { isHostile, isSuggestible } from "./command-safety";
import {
  MIN_OCCURRENCES,
  type FailureFix,
  type FailureItem,
  type FailureRule,
  type KnowledgeItem,
  type KnowledgeOperation,
  type KnowledgeSession,
  type Misuse,
} from "./contract";
import { byEvidence, entry, EvidenceTally } from "./evidence";
import { fixesItself, isCheckConfig, ruleFinding, silencesRule } from "./lint-rule";
import { addressesReader, errorLines, errorSignature } from "./signature";

/** Tool errors whose remedy is known, by the words of the error. */
const MISUSE_PATTERNS: ReadonlyArray<readonly [RegExp, Misuse]> = [
  [/string to replace not found/i, "edit-not-found"],
  [
    /found \d+ matches of the string to replace|matches of the string to replace, but replace_all is false/i,
    "edit-not-unique",
  ],
  [/file has not been read yet|read it first before writing/i, "not-read"],
  [/file has been (?:unexpectedly )?modified since (?:it was )?read/i, "modified-since-read"],
];
const NO_SUCH_FILE = /no such file or directory|can't open file|cannot find the path|not found/i;
const MAX_ITEMS = 20;
/** A fix is looked for among this many calls after the failure, so mining stays linear in a session's calls. */
const FIX_WINDOW = 200;
/** Purposes whose commands check the code: their failing is the check reporting red, unless the check itself broke. */
const CHECKS: ReadonlySet<string> = new Set(["test", "lint", "typecheck", "format"]);
/** A test run that reported red, whatever runs it: a count of failures, an assertion, an expected value not got. */
const RED =
  /^N (?:failed|tests? failed)\b|^FAILED\b|\bAssertionError\b|\b[Aa]ssert(?:ion)? failed|\b[Ee]xpected\b.*\bgot\b/;
/** A check that broke rather than reported red: an exception class other than an assertion, a panic, a tool or module not found. */
const CRASH = /\b[A-Z]\w*(?<!Assertion)(?:Error|Exception)\b/;
const BROKE =
  /\bpanic|command not found|not found|no such file|no module named|cannot find module|unrecognized|unknown option|no tests ran|collected N items/i;

/** The words of a command that name a relative path (`src/x.py`, `./run.sh`, `tests`). */
const relativePaths = (command: string) =>
  command.split(/\s+/).filter((w) => /^(?:\.{1,2}\/|[\w-]+\/)[\w./-]*$/.test(w));

function misuseOf(op: KnowledgeOperation, cdBefore: boolean): Misuse | null {
  const text = op.output ?? "";
  const known = MISUSE_PATTERNS.find(([pattern]) => pattern.test(text))?.[1];
  if (known) return known;
  if (op.command !== null && cdBefore && NO_SUCH_FILE.test(text) && relativePaths(op.command).length > 0)
    return "cd-relative";
  return null;
}

/** A command with the project's root taken out of its paths (`pytest /home/me/app/tests` → `pytest tests`). */
const rooted = (command: string, root: string) => (root === "" ? command : command.split(root).join(""));

/** What a failed shell call's intent is: its family, and its main step as written (which a wrapper keeps). */
interface Intent {
  family: string;
  main: string;
}

function intentOf(command: string): Intent | null {
  const family = commandFamily(command);
  const main = commandParts(command).find((part) => !SETUP.test(part));
  return family === null || main === undefined ? null : { family, main: main.trim() };
}

/** Programs that run a script: their intent is the script too (`python app.py` and `python -c "…"` are not one). */
const INTERPRETER = /^(?:python[\d.]*|node|ruby|perl|php|bash|sh|zsh|deno|tsx|ts-node)$/;
/** An interpreter's flags that run code given inline: a one-off, never the same intent as a script. */
const INLINE = /^(?:-c|-e|-p|--eval|--print|eval)$/;

/** The script an interpreter's main step runs ("" when none), or null when it runs code given inline. */
function script(main: string): string | null {
  const args = main.split(/\s+/).slice(1);
  if (args[0] !== undefined && INLINE.test(args[0])) return null;
  return args.find((arg) => !arg.startsWith("-")) ?? "";
}

/** The script a shell command runs through an interpreter (`python try_it.py` → `try_it.py`); null when none. */
function ranScript(command: string): string | null {
  const intent = intentOf(command);
  return intent !== null && INTERPRETER.test(intent.family) ? script(intent.main) : null;
}

/** Whether `command` runs the failed main step as one of its parts, wrapped or not (`uv run …`, `… && pytest`). */
function wraps(intent: Intent, command: string): boolean {
  return commandParts(command).some((part) => part.trim() === intent.main || part.trim().endsWith(` ${intent.main}`));
}

/**
 * The same intent: a command of the same family (for an interpreter, the same script, never code given inline), or
 * one that wraps the failed command (`uv run …`, `FOO=1 …`).
 */
function sameIntent(intent: Intent, command: string): boolean {
  if (wraps(intent, command)) return true;
  if (commandFamily(command) !== intent.family) return false;
  if (!INTERPRETER.test(intent.family)) return true;
  const main = intentOf(command)?.main;
  const target = main === undefined ? null : script(main);
  return target !== null && target === script(intent.main);
}

/** Whether `later` is the same intent as the failed `command` (so its passing may be a fix), by sameIntent. */
export function isSameIntent(command: string, later: string): boolean {
  const intent = intentOf(command);
  return intent !== null && sameIntent(intent, later);
}

/**
 * The change after which the same intent passed later in the session: the files edited and installs run in
 * between, and the passing form when it changed. Null when it never passed, when it passed unchanged (a retry), or
 * "unsafe" when the passing form may not be suggested. Other commands that passed in between (a workaround) are no part of it.
 */
function fixAfter(
  ops: readonly KnowledgeOperation[],
  from: number,
  failed: string,
  intent: Intent,
  root: string,
): FailureFix | "unsafe" | null {
  for (let i = from + 1; i < Math.min(ops.length, from + 1 + FIX_WINDOW); i++) {
    const op = ops[i]!;
    if (op.command === null || wasRefused(op) || !sameIntent(intent, op.command)) continue;
    if (op.isError) continue;
    const call = parseCommand(op.command)?.exact;
    if (call === undefined) return null;
    if (isHostile(call)) return "unsafe";
    // A call that ran the failed command among others (`… && pytest` appended) and passed says that command passed.
    const passed = isSuggestible(call) ? call : wraps(intent, op.command) && isSuggestible(failed) ? failed : null;
    if (passed === null) return "unsafe";
    const between = ops.slice(from + 1, i).filter((o) => !o.isError);
    // A script run on its own in between (`python try_it.py` written after `python app.py` failed) is a workaround
    // next to the failing program, not a change to it.
    const ranOnTheirOwn = between
      .flatMap((o) => (o.command === null ? [] : [ranScript(o.command)]))
      .filter((f): f is string => f !== null && f !== "");
    const isWorkaround = (file: string) =>
      ranOnTheirOwn.some((ran) => file === ran || file.endsWith(`/${ran.replace(/^\.\//, "")}`));
    const files = [
      ...new Set(
        between.flatMap((o) =>
          EDIT_TOOLS.has(o.tool) && o.file !== null && !isWorkaround(o.file) ? [relative(o.file, root)] : [],
        ),
      ),
    ];
    const ran = [
      ...new Set(
        between.flatMap((o) => {
          const parsed = o.command === null ? null : parseCommand(o.command);
          return parsed && parsed.steps.some((s) => s.purpose === "install") && isSuggestible(parsed.exact)
            ? [rooted(parsed.exact, root)]
            : [];
        }),
      ),
    ];
    const shown = rooted(passed, root);
    const command = shown === rooted(failed, root) ? null : shown;
    if (files.length === 0 && ran.length === 0 && command === null) return null;
    return { files, ran, command, passed: shown, times: 1 };
  }
  return null;
}

/** At most this many lines of an error are kept for search. */
const MAX_ERROR_LINES = 3;

/** The error's lines as search should find them (each as failureLine shows one: capped, reduced when addressed). */
const recordedErrors = (output: string) => [
  ...new Set(errorLines(output, MAX_ERROR_LINES).flatMap((line) => failureLine(line) ?? [])),
];

interface Group {
  item: Omit<FailureItem, "evidence">;
  tally: EvidenceTally;
}

/** Folders that hold a project's code or tests rather than being its root. */
const CODE_FOLDER = /\/(?:src|lib|app|test|tests|spec|pkg|internal|cmd|source)\/$/;

/**
 * The project's root, for paths relative to it: the folder most edited files are under (co-change.ts), above the
 * code folder it may be (a session that only edited `src/` still has `tests/` beside it).
 */
function failureRoot(sessions: readonly KnowledgeSession[]): string {
  let root = projectRoot(
    sessions.flatMap((s) =>
      s.operations.flatMap((op) => (EDIT_TOOLS.has(op.tool) && !op.isError && op.file !== null ? [op.file] : [])),
    ),
  );
  while (CODE_FOLDER.test(root)) root = root.replace(/[^/]+\/$/, "");
  return root;
}

/**
 * A shell call's failure worth remembering: not refused, with an error signature, a command that may be suggested
 * and does more than look around, and not a test run reporting red (an assertion, a count of failures). `red` when
 * it is a check (tests, lint, type-check, format) that reported problems rather than broke: the edit that follows is
 * the work, so it reaches guidance only when a changed command or an install fixed it.
 */
function shellFailure(
  op: KnowledgeOperation,
): { exact: string; intent: Intent; signature: string; red: boolean; rule?: FailureRule } | null {
  const parsed = op.command === null ? null : parseCommand(op.command);
  const rule = parsed ? ruleOf(parsed.steps, op.output) : null;
  const signature = rule?.signature ?? errorSignature(op.output);
  if (!parsed || signature === null || !isSuggestible(parsed.exact)) return null;
  const intent = intentOf(parsed.exact);
  if (intent === null || looksAround(intent.family)) return null;
  if (rule) return { exact: parsed.exact, intent, signature, red: true, rule: rule.rule };
  if (RED.test(signature)) return null;
  const red = parsed.steps.some((s) => CHECKS.has(s.purpose)) && !CRASH.test(signature) && !BROKE.test(signature);
  return { exact: parsed.exact, intent, signature, red };
}

/** Purposes whose tools report findings by rule (lib/knowledge/lint-rule.ts). */
const RULE_CHECKS: ReadonlySet<string> = new Set(["lint", "typecheck"]);

/**
 * The rule a failed lint or type-check run reported (lib/knowledge/lint-rule.ts), with the check's name as the
 * project runs it (`ruff check`, `npx eslint`) and the finding as a signature (`SIM115 Use a context manager…`).
 */
function ruleOf(
  steps: readonly { purpose: string; canonical: string }[],
  output: string | null,
): { rule: FailureRule; signature: string } | null {
  const step = steps.find((s) => RULE_CHECKS.has(s.purpose));
  const finding = step === undefined ? null : ruleFinding(output);
  // A message with a word that addresses a reader ("never used") leaves the rule's code alone, an identifier.
  const signature =
    finding === null
      ? null
      : (errorSignature(`${finding.code} ${finding.message}`) ?? (addressesReader(finding.code) ? null : finding.code));
  if (step === undefined || finding === null || signature === null || !signature.includes(finding.code)) return null;
  return { rule: { code: finding.code, check: step.canonical.split(" && ").at(-1)! }, signature };
}

/**
 * A rule's finding was fixed when the same check passed after code was edited (not only the linter's configuration)
 * or the checker fixed the code itself (`--fix`), and without a flag that silences the rule; anything else made the
 * finding go away without satisfying it.
 */
const fixesRule = (fix: FailureFix | null) =>
  fix !== null && (fix.files.some((f) => !isCheckConfig(f)) || fixesItself(fix.command)) && !silencesRule(fix.command);

/**
 * Failures with what fixed them: a failing shell call (each distinct signature of a command family), with the change
 * after which the same intent passed (lib/knowledge/contract.ts FailureFix) or none; and tool misuse with a known
 * remedy (an Edit whose text was not found or not unique, a write to a file not read, a relative path that failed
 * after an earlier `cd` moved the shell), when it recurs. One failure and its fix is evidence enough; a failure
 * without a fix is kept too, so that search finds the error (guidanceWorthy decides what reaches guidance).
 */
export function mineFailures(sessions: readonly KnowledgeSession[]): FailureItem[] {
  const groups = new Map<string, Group>();
  const root = failureRoot(sessions);
  for (const session of sessions) {
    let cdBefore = false;
    session.operations.forEach((op, index) => {
      const parsed = op.command !== null ? parseCommand(op.command) : null;
      if (op.isError && !wasRefused(op)) {
        const at = op.at ?? session.startedAt;
        const misuse = misuseOf(op, cdBefore);
        const shell = misuse === null ? shellFailure(op) : null;
        if (misuse) {
          const tool = misuse === "cd-relative" ? "Bash" : EDIT_TOOLS.has(op.tool) ? "Edit" : op.tool;
          const group = entry(groups, `failure:${misuse}`, () => ({
            item: {
              kind: "failure" as const,
              key: `failure:${misuse}`,
              tool,
              command: null,
              signature: errorSignature(op.output) ?? "",
              errors: [],
              fix: { misuse },
            },
            tally: new EvidenceTally(),
          }));
          group.tally.add(session.id, op.seq, at);
        } else if (shell) {
          const key = `failure:command:${shell.intent.family}:${shell.signature}`;
          const fix = fixAfter(session.operations, index, shell.exact, shell.intent, root);
          if (fix === "unsafe") return;
          const check = shell.rule
            ? !fixesRule(fix)
            : shell.red && (fix === null || (fix.command === null && fix.ran.length === 0));
          const group = entry(groups, key, () => ({
            item: {
              kind: "failure" as const,
              key,
              tool: op.tool,
              command: null,
              signature: shell.signature,
              errors: [],
              check,
              fix: null,
              ...(shell.rule ? { rule: shell.rule } : {}),
            },
            tally: new EvidenceTally(),
          }));
          const earlier = group.item.fix !== null && "change" in group.item.fix ? group.item.fix.change.times : 0;
          const latest = fix === null ? group.item.fix : { change: { ...fix, times: earlier + 1 } };
          group.item = {
            ...group.item,
            command: rooted(shell.exact, root),
            errors: recordedErrors(op.output ?? ""),
            check: group.item.check === true && check,
            fix: latest,
          };
          group.tally.add(session.id, op.seq, at);
        }
      }
      if (parsed?.changesDirectory && !op.isError) cdBefore = true;
    });
  }
  return [...groups.values()]
    .filter((g) => g.item.command !== null || g.tally.occurrences >= MIN_OCCURRENCES)
    .map((g): FailureItem => ({ ...g.item, evidence: g.tally.evidence() }))
    .sort(
      (a, b) =>
        Number(a.check === true) - Number(b.check === true) ||
        Number(b.fix !== null) - Number(a.fix !== null) ||
        byEvidence(a, b),
    )
    .slice(0, MAX_ITEMS);
}

/**
 * Whether an item reaches guidance, whose text stays short: a failure only with its fix, or when it recurred in
 * MIN_OCCURRENCES sessions, and never a check reporting problems; the others stay searchable (their memory) and on
 * the Knowledge page.
 */
export const guidanceWorthy = (item: KnowledgeItem) =>
  item.kind !== "failure" || (item.check !== true && (item.fix !== null || item.evidence.sessions >= MIN_OCCURRENCES));
