import { INTERPRETERS, parseCommand } from "@/lib/shell/purpose";
import { GENERIC } from "@/lib/ingest/claude-code/project";
import { wasRefused } from "@/lib/ingest/refusal";
import { isHostile, isSuggestible } from "./command-safety";
import { commandRoot, relativeCommand, runTarget } from "./command-paths";
import {
  COMMAND_PURPOSES,
  MIN_OCCURRENCES,
  type CommandItem,
  type CommandPurpose,
  type KnowledgeSession,
} from "./contract";
import { byEvidence, entry, EvidenceTally } from "./evidence";
import { runOutcome } from "./run-outcome";
import { errorSignature } from "./signature";

/** At most this many command forms per purpose: the ones used in the most sessions, the latest first. */
const MAX_FORMS_PER_PURPOSE = 4;
const MAX_FAILED_VARIANTS = 3;
const MAX_VARIANTS = 3;

export const EDIT_TOOLS = new Set(["Edit", "MultiEdit", "Write", "NotebookEdit"]);

/**
 * Version control every repository does (`git add`, `git commit`, `git checkout`, `git push`) says nothing about this
 * one: only what is particular to a project's workflow is kept — worktrees, LFS, submodules, a merge policy.
 */
const PROJECT_VCS =
  /^git (?:worktree|lfs|submodule|subtree|sparse-checkout|flow|annex|bisect)\b|^git merge .*--(?:no-ff|squash|ff-only)\b|^git pull .*--(?:rebase|ff-only)\b/;

interface Exact {
  runs: number;
  /** Runs where the tool ran: passed, or reported problems (red tests, lint errors). */
  ran: number;
  passed: number;
  didNotRun: number;
  lastAt: number;
  signature: string | null;
}

interface Form {
  purpose: CommandPurpose;
  canonical: string;
  tally: EvidenceTally;
  passed: number;
  /** Runs where the tool ran: passed, or reported problems. */
  ran: number;
  failed: number;
  afterEdit: number;
  /**
   * A run passed right after a run of the same form failed in the same session, or it set the project up so that a
   * failing command then passed.
   */
  recovered: boolean;
  /** Positions (in the oldest-first session list) of the first and last sessions it ran in. */
  exact: Map<string, Exact>;
  /** For a script run through an interpreter: the sessions that ran it without having written it, or named it in a prompt. */
  owned?: Set<number>;
}

const byRuns = ([ca, a]: [string, Exact], [cb, b]: [string, Exact]) =>
  b.ran - a.ran || b.passed - a.passed || b.lastAt - a.lastAt || (ca < cb ? -1 : 1);

/**
 * A form's evidence is strong enough: it passed, and it ran more than once (a run whose tests were red ran too) or
 * passed right after it failed (a recovery), in one session or several. A script the agent wrote and ran within one
 * session (`python try_mix.py`) is that session's experiment, not the project's program: it counts when it ran in
 * MIN_OCCURRENCES sessions, or in one that found it already there, or when the user named it.
 */
const isStrong = (f: Form, project: string) =>
  f.passed >= 1 &&
  (f.ran >= 2 || f.recovered || ownCli(f.canonical, project)) &&
  (f.owned === undefined || f.owned.size > 0 || f.tally.sessionCount >= MIN_OCCURRENCES);

const nameForm = (name: string) => name.toLowerCase().replace(/_/g, "-");
/**
 * The project's own command-line program: named as the project's folder is (`deep-manifest` in `…/deep-manifest/`,
 * `python -m deep_manifest`). What the project builds is how it is used, so one run that passed says it.
 */
function ownCli(canonical: string, project: string): boolean {
  // A folder many projects are named (`app`, `server`) names no program of this one.
  if (project === "" || GENERIC.has(project.toLowerCase())) return false;
  // The program is the step's last word, or the one before its sub-command (`deep-manifest run`).
  const program = canonical.split(" && ").at(-1)!.split(" ").slice(-2);
  return program.some((w) => nameForm(w) === nameForm(project));
}

/** The script an interpreter runs in a step's canonical words (`uv run python app.py` → `app.py`); null for other steps. */
function scriptOf(canonical: string): string | null {
  const words = canonical.split(" && ").at(-1)!.split(" ");
  return words.length >= 2 && INTERPRETERS.has(words.at(-2)!.replace(/^.*\//, "")) ? words.at(-1)! : null;
}

/** Whether `file` (as edited, often absolute) is the script a command names (relative to where it ran, or absolute). */
const isScript = (file: string, script: string) => file === script || file.endsWith(`/${script.replace(/^\.\//, "")}`);
/** Whether a session's prompts name the script (its file name): the user asked for it by name. */
const namedIn = (session: KnowledgeSession, script: string) => {
  const name = script.replace(/^.*\//, "");
  return session.prompts.some((p) => p.text.includes(name));
};

/**
 * The project's commands by purpose, from every shell call whose words say what it is for (and programs the tables do
 * not know, as "run"): each form with strong evidence (lib/knowledge/commands.ts isStrong), shown by the run of the
 * whole suite (for tests; a run of one file by absolute path is a one-off, never the project's command), its other
 * useful forms (markers, names, paths relative to the root) as variants, and the forms of the same purpose that failed
 * to run at all (a run whose tests were red used a valid form). Version control every repository does is
 * left out; a tool a newer one replaced is retired by lib/knowledge/mine.ts. A hostile call
 * (lib/knowledge/command-safety.ts) is not read at all, and only a form that may be suggested is ever shown.
 */
export function mineCommands(sessions: readonly KnowledgeSession[]): CommandItem[] {
  const forms = new Map<string, Form>();
  const root = commandRoot(sessions);
  const project = root.split("/").at(-2) ?? "";
  for (const session of sessions) {
    let edited = false;
    const failing = new Set<string>();
    const unblocking = unblockers(session);
    const written: string[] = [];
    for (const op of session.operations) {
      if (EDIT_TOOLS.has(op.tool) && !op.isError) edited = true;
      if (op.tool === "Write" && !op.isError && op.file !== null) written.push(op.file);
      if (op.command === null || wasRefused(op)) continue;
      const parsed = parseCommand(op.command);
      if (!parsed || isHostile(parsed.exact)) continue;
      const at = op.at ?? session.startedAt;
      const outcome = runOutcome(op.isError, op.output);
      for (const step of [...parsed.steps, ...parsed.others]) {
        if (step.purpose === "vcs" && !PROJECT_VCS.test(step.exact)) continue;
        const key = `${step.purpose}\u0000${step.canonical}`;
        const form = entry(
          forms,
          key,
          (): Form => ({
            purpose: step.purpose,
            canonical: step.canonical,
            tally: new EvidenceTally(),
            passed: 0,
            ran: 0,
            failed: 0,
            afterEdit: 0,
            recovered: false,
            exact: new Map(),
          }),
        );
        form.tally.add(session.id, op.seq, at);
        const script = scriptOf(step.canonical);
        if (script !== null) {
          form.owned ??= new Set();
          if (!written.some((file) => isScript(file, script)) || namedIn(session, script)) form.owned.add(session.id);
        }
        if (unblocking.has(op.seq) && UNBLOCKING.has(step.purpose)) form.recovered = true;
        if (op.isError) {
          form.failed += 1;
          failing.add(key);
        } else {
          form.passed += 1;
          if (failing.delete(key)) form.recovered = true;
        }
        if (edited) form.afterEdit += 1;
        const exact = entry(
          form.exact,
          step.exact,
          (): Exact => ({ runs: 0, ran: 0, passed: 0, didNotRun: 0, lastAt: 0, signature: null }),
        );
        exact.runs += 1;
        exact.lastAt = Math.max(exact.lastAt, at);
        if (outcome === "passed" || outcome === "problems") {
          exact.ran += 1;
          form.ran += 1;
        }
        if (outcome === "passed") exact.passed += 1;
        if (outcome === "did-not-run") exact.didNotRun += 1;
        if (op.isError) exact.signature = errorSignature(op.output) ?? exact.signature;
      }
    }
  }
  const out: CommandItem[] = [];
  for (const purpose of COMMAND_PURPOSES) {
    const ofPurpose = [...forms.values()].filter((f) => f.purpose === purpose);
    const strong = ofPurpose.filter((f) => isStrong(f, project));
    const items = strong
      .flatMap((f): CommandItem[] => {
        const shown = showForms(f, root);
        if (shown === null) return [];
        return [
          {
            kind: "command",
            key: `command:${purpose}:${f.canonical}`,
            purpose,
            canonical: f.canonical,
            example: shown.example,
            passed: f.passed,
            failed: f.failed,
            afterEdit: f.afterEdit,
            failedVariants: [],
            ...(shown.variants.length > 0 ? { variants: shown.variants } : {}),
            evidence: f.tally.evidence(),
          },
        ];
      })
      .sort(
        (a, b) =>
          b.evidence.sessions - a.evidence.sessions ||
          (b.evidence.lastSeen ?? 0) - (a.evidence.lastSeen ?? 0) ||
          byEvidence(a, b),
      )
      .slice(0, MAX_FORMS_PER_PURPOSE);
    if (items[0]) {
      const shown = new Set(items.flatMap((i) => [i.example, ...(i.variants ?? [])]));
      items[0].failedVariants = wrongForms(ofPurpose, root).filter((v) => !shown.has(v.command));
    }
    out.push(...items);
  }
  return out;
}

/** Purposes of the commands that set a project up: one that made a failing command pass is strong evidence. */
const UNBLOCKING: ReadonlySet<CommandPurpose> = new Set(["install", "build"]);

/**
 * The passing shell calls of a session that ran between a command's failure and the same command's next pass, with
 * no edit between: what made it pass (`pip install -r requirements.txt` between two runs of `python app.py`).
 */
function unblockers(session: KnowledgeSession): Set<number> {
  const out = new Set<number>();
  const ops = session.operations;
  ops.forEach((failed, j) => {
    if (!failed.isError || failed.command === null || wasRefused(failed)) return;
    const between: number[] = [];
    for (let k = j + 1; k < ops.length; k++) {
      const op = ops[k]!;
      if (EDIT_TOOLS.has(op.tool)) return;
      if (op.command === null || wasRefused(op)) continue;
      if (op.command === failed.command) {
        if (!op.isError) for (const seq of between) out.add(seq);
        return;
      }
      if (!op.isError) between.push(op.seq);
    }
  });
  return out;
}

/**
 * How a form is shown: its example (for tests, the most used run of the whole suite, else the family itself; paths
 * relative to the root) and its other forms that ran; null when none may be suggested.
 */
function showForms(f: Form, root: string): { example: string; variants: string[] } | null {
  const isTest = f.purpose === "test";
  const candidates = [...f.exact]
    .filter(([, e]) => e.ran > 0)
    .map(([command, e]) => ({
      command: relativeCommand(command, root),
      target: runTarget(command, f.canonical),
      e,
      written: command,
    }))
    .filter((c): c is typeof c & { command: string } => c.command !== null && isSuggestible(c.command));
  const rank = (c: (typeof candidates)[number]) => (c.target.absolute ? 2 : 0) + (isTest && c.target.partial ? 1 : 0);
  candidates.sort((a, b) => rank(a) - rank(b) || byRuns([a.written, a.e], [b.written, b.e]));
  const top = candidates[0];
  const family = relativeCommand(f.canonical, root);
  const example =
    top && !(isTest && top.target.partial) ? top.command : family !== null && isSuggestible(family) ? family : null;
  if (example === null) return null;
  // `(source .venv/bin/activate && pytest)` and the same steps inside a longer line are one form.
  const same = (command: string) => command.replace(/^\((.*)\)$/, "$1").trim();
  const seen = new Set([same(example)]);
  // A variant selects tests (a marker, a name, a folder) or is a form the project uses again: a flag tried once
  // (`pytest --cov-fail-under=99`, a probe) is a one-off.
  const variants = isTest
    ? candidates
        .filter((c) => c.target.partial || c.e.ran >= MIN_OCCURRENCES)
        .map((c) => c.command)
        .filter((c) => !seen.has(same(c)) && seen.add(same(c)))
        .slice(0, MAX_VARIANTS)
    : [];
  return { example, variants };
}

/** Forms of a purpose that failed to run at all, the latest first (relative to the root, only those that may be suggested). */
function wrongForms(ofPurpose: readonly Form[], root: string): CommandItem["failedVariants"] {
  return ofPurpose
    .flatMap((f) =>
      [...f.exact]
        .filter(([, e]) => e.ran === 0 && e.didNotRun > 0)
        .map(([command, e]) => ({ command: relativeCommand(command, root), signature: e.signature, lastAt: e.lastAt })),
    )
    .filter((v): v is typeof v & { command: string } => v.command !== null && isSuggestible(v.command))
    .sort((a, b) => b.lastAt - a.lastAt || (a.command < b.command ? -1 : 1))
    .filter((v, i, all) => all.findIndex((w) => w.command === v.command) === i)
    .slice(0, MAX_FAILED_VARIANTS)
    .map(({ command, signature }) => ({ command, signature }));
}
