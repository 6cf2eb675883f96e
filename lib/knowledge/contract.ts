/**
 * Project knowledge: what a project's own sessions teach an agent working in that repository, mined
 * deterministically from the operations and prompts stored at ingest (lib/knowledge/mine.ts). Every item says
 * what it rests on; none is kept with fewer than MIN_OCCURRENCES occurrences, except what is strong alone: what
 * the user said as a correction stating a rule or an instruction worded as standing (lib/knowledge/preferences.ts),
 * a command whose one run made a failing command pass (lib/knowledge/commands.ts), and a shell failure with the
 * change after which the same command passed (lib/knowledge/failures.ts).
 */

export const MIN_OCCURRENCES = 2;

export const KNOWLEDGE_KINDS = ["command", "failure", "preference", "co-change", "hot-spot", "convention"] as const;
export type KnowledgeKind = (typeof KNOWLEDGE_KINDS)[number];

export const COMMAND_PURPOSES = [
  "test",
  "lint",
  "typecheck",
  "format",
  "build",
  "deploy",
  "ci",
  "install",
  "run",
  "vcs",
] as const;
export type CommandPurpose = (typeof COMMAND_PURPOSES)[number];

/** What an item rests on: an operation (`/sessions/<sessionId>#op-<seq>`), or a session's prompt (seq null). */
export interface KnowledgeRef {
  sessionId: number;
  seq: number | null;
}

export interface KnowledgeEvidence {
  /** Sessions the item was seen in. */
  sessions: number;
  /** Times it was seen (runs, failures, prompts, sessions a file changed in). */
  occurrences: number;
  /** Epoch ms of the latest occurrence; null when the source gave no time. */
  lastSeen: number | null;
  /** Epoch ms of the earliest occurrence, when known: what supersession compares (lib/knowledge/evidence.ts). */
  firstSeen?: number | null;
  /** The latest occurrences first, at most MAX_REFS. */
  refs: KnowledgeRef[];
}

export const MAX_REFS = 8;

/** What replaced an item, as shown to the reader, and since when (epoch ms). */
export interface OlderThan {
  by: string;
  since: number;
}

interface Base {
  /** Stable across recomputations: `<kind>:…`, part of the memory's source. */
  key: string;
  evidence: KnowledgeEvidence;
  /**
   * Set when a newer item of the same use started after this one was last seen (lib/knowledge/evidence.ts
   * `supersededBy`) but rests on too little to retire it yet: what replaced it (as shown) and since when.
   */
  olderThan?: OlderThan;
}

/** A shell command form that ran and passed, with the forms of the same purpose that only failed. */
export interface CommandItem extends Base {
  kind: "command";
  purpose: CommandPurpose;
  /** Arguments and paths stripped: "source .venv/bin/activate && pytest". */
  canonical: string;
  /** The exact form used most often (first line, as recorded). */
  example: string;
  passed: number;
  failed: number;
  /** Runs that came after an edit in their session. */
  afterEdit: number;
  /** Forms of the same purpose that failed to run at all (not red tests), with the error they gave. */
  failedVariants: { command: string; signature: string | null }[];
  /** Other forms of it that ran (a marker, a name pattern, a folder or file relative to the project's root). */
  variants?: string[];
}

/** Tool misuse with a known remedy, worded by Starlight (lib/knowledge/wording.ts). */
export type Misuse = "edit-not-found" | "edit-not-unique" | "not-read" | "modified-since-read" | "cd-relative";

/**
 * The change between a failed shell call and the same intent (its command family, or the failed command wrapped)
 * passing later in the session: what fixed it. A different command that merely passed afterwards is no fix.
 */
export interface FailureFix {
  /** Files edited in between, relative to the project's root. */
  files: string[];
  /** Installs run in between that passed (`pip install foo`). */
  ran: string[];
  /** The form that passed, when it differs from the one that failed (an added flag, a wrapper, an env var). */
  command: string | null;
  /** The command that passed (the failed one again, or its changed form). */
  passed: string;
  /** How many of the failures this change was followed by the same intent passing. */
  times: number;
}

export interface FailureItem extends Base {
  kind: "failure";
  tool: string;
  /** The failing command's exact form (shell failures); null for tool misuse. */
  command: string | null;
  /** The error text reduced to a stable signature (lib/knowledge/signature.ts). */
  signature: string;
  /** The error's lines as written (capped; reduced to their signature when they address a reader), so search finds it. */
  errors?: string[];
  /**
   * A check (tests, lint, type-check, format) reporting problems, not fixed by a changed command or an install: the
   * edit that followed is the work. Kept so search finds its error, never in guidance.
   */
  check?: boolean;
  /** What fixed it: the change before the same intent passed, or the remedy of a known misuse; null when none was seen. */
  fix: { change: FailureFix } | { misuse: Misuse } | null;
  /** Set when a linter or type checker reported a rule (lib/knowledge/lint-rule.ts): the finding was in the code. */
  rule?: FailureRule;
}

/** A rule a lint or type-check run reported: its code (`SIM115`, `no-unused-vars`) and the check as run (`ruff check`). */
export interface FailureRule {
  code: string;
  check: string;
}

/** What the user said: after refusing a tool call or interrupting, or as a standing instruction. */
export interface PreferenceItem extends Base {
  kind: "preference";
  /** The person's words (redacted at ingest); neutralised wherever it is shown to an agent. */
  text: string;
  /** Of the occurrences, how many followed a refusal or an interruption. */
  corrections: number;
  /** The call the user refused when they said it (shell command or tool name), when they did. */
  refused?: string;
  /** What the user's words corrected, for a correction in prose (lib/knowledge/corrections.ts). */
  corrected?: Corrected;
}

/**
 * What a correction in prose answered: a plan or another call the user refused, an interruption, or the result of
 * the agent's work that the user found wanting.
 */
export type Corrected = "plan" | "call" | "interruption" | "result";

export interface CoChangeItem extends Base {
  kind: "co-change";
  file: string;
  /** Files modified in the same sessions as `file`, most often first. */
  partners: string[];
}

export interface HotSpotItem extends Base {
  kind: "hot-spot";
  file: string;
}

/**
 * How the project works, read from what its sessions did consistently (lib/knowledge/conventions.ts): its git
 * workflow, where its tests live and which change with which code, the files it rests on, and its environment.
 * Each fact holds only what was seen; Starlight words it (lib/knowledge/convention-wording.ts).
 */
export type ConventionFact =
  /** Commit subjects that share a prefix: Conventional Commits types (`feat`, `fix`), or a free prefix (`alice:`). */
  | {
      topic: "commit-style";
      conventional: boolean;
      prefixes: string[];
      commits: number;
      following: number;
      example: string | null;
    }
  /** The branch new branches start from and merge back into (`main`, `master`, `develop`). */
  | { topic: "base-branch"; branch: string }
  /** Branches created with a `<prefix>/<topic>` name. */
  | { topic: "branch-naming"; examples: string[] }
  /** Work done in separate git worktrees under `folder`, git run there with `git -C <worktree>`. */
  | { topic: "worktrees"; folder: string }
  /** The checks that passed after the last edit before a commit, in `checked` of `commits` commits. */
  | { topic: "pre-commit"; checks: CommandPurpose[]; checked: number; commits: number }
  /**
   * How commits leave the machine: the push that passed, or none at all (`command` null) over `commits` commits, then
   * with the branch they were all made on when git named it.
   */
  | { topic: "push"; command: string | null; commits: number; branch?: string }
  /** A test file that had to change after `source` changed: the tests failed until it was edited. */
  | { topic: "test-update"; source: string; test: string }
  /** Where the test files are: a folder (`tests/`) or beside the code (`folder` null), with the files most used. */
  | { topic: "test-location"; folder: string | null; files: string[] }
  /** The code file most of the work changes, when no hot spot names it (it changed in one session). */
  | { topic: "main-file"; file: string; edits: number }
  /** Documentation and configuration at the project's root that sessions read and never changed. */
  | { topic: "orientation"; files: string[] }
  /** An environment activated on its own shell call (`standalone`), or chained before the commands that need it. */
  | { topic: "activation"; command: string; standalone: boolean; chained: string | null }
  /** The command that created the project's environment (`python3 -m venv .venv`, `conda create -n env python=3.11`). */
  | { topic: "environment"; command: string }
  /**
   * The project created an environment, yet a later command's output showed packages of another interpreter
   * (`anaconda3/lib/python3.11/site-packages`, `base`: conda's base environment): it ran outside the environment.
   */
  | { topic: "outside-environment"; environment: string; command: string; location: string; base: boolean }
  /** A runtime's version as tools reported it (`Python 3.12.3`), with the command whose output said so. */
  | { topic: "runtime"; runtime: string; version: string; command: string | null }
  /**
   * The coverage a test command reported in its own output (lib/knowledge/coverage.ts): `itself` when the command
   * carried no coverage flag; the total at the last passing run and the best seen, the floor a run enforced, the HTML
   * report's folder.
   */
  | {
      topic: "coverage";
      command: string;
      itself: boolean;
      percent: number;
      best: number;
      measure: "branch" | "statements" | "lines";
      floor: { percent: number; reached: boolean } | null;
      html: string | null;
    }
  /** No test runner ran: the project's checks are scripts named as tests, run by hand (lib/knowledge/check-scripts.ts). */
  | { topic: "check-scripts"; commands: string[]; runs: number; passed: number }
  /**
   * A setup, test, lint or run command the project's docs document (`doc`: `CONTRIBUTING.md`), as the agent read it,
   * where no session ran a command of that purpose (lib/knowledge/documented.ts).
   */
  | { topic: "documented"; doc: string; purpose: CommandPurpose; command: string };

export type ConventionTopic = ConventionFact["topic"];

export interface ConventionItem extends Base {
  kind: "convention";
  fact: ConventionFact;
}

export type KnowledgeItem = CommandItem | FailureItem | PreferenceItem | CoChangeItem | HotSpotItem | ConventionItem;

/** What mining reads of one operation (lib/session.ts `Operation`). */
export interface KnowledgeOperation {
  seq: number;
  tool: string;
  file: string | null;
  command: string | null;
  isError: boolean;
  output: string | null;
  at: number | null;
}

/** What mining reads of one prompt (lib/session.ts `Prompt`). */
export interface KnowledgePrompt {
  text: string;
  at: number | null;
  after: "rejection" | "interruption" | null;
  /** The refused call (shell command or tool name) when the prompt is the reason typed when refusing it. */
  refused?: string;
  /** The same words sent again after a rewind or an interruption (lib/session.ts `Prompt.resent`). */
  resent?: true;
}

/** One session of the project, operations in order. */
export interface KnowledgeSession {
  /** The stored session's id (sessions.id). */
  id: number;
  startedAt: number;
  operations: KnowledgeOperation[];
  prompts: KnowledgePrompt[];
}
