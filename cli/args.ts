import { parseArgs } from "node:util";
import { WRITE_TARGETS } from "../lib/guidance/write-targets";
import { UsageError } from "./errors";

/** How `import` packs and sends its requests unless told otherwise. */
const IMPORT_DEFAULTS = { batchFiles: 1000, batchMb: 16, concurrency: 3 };

export const USAGE = `starlight — send AI coding agent sessions to a Starlight server, and restore its backups

Usage:
  starlight import [<dir>] [--project <slug>] [--batch-size <files>] [--batch-mb <MB>] [--concurrency <n>] [--dry-run] [--url <url>] [--token <token>]
  starlight push [--background] [--project <slug>] [--url <url>] [--token <token>]   (hook payload JSON on stdin)
  starlight event [--project <slug>] [--url <url>] [--token <token>]   (hook payload JSON on stdin)
  starlight guidance --project <slug> [--format <format>] [--url <url>] [--token <token>]
  starlight guidance --hook [--project <slug>] [--format <format>] [--url <url>] [--token <token>]   (SessionStart payload JSON on stdin)
  starlight guidance --write [--target <target>] [--dir <repo>] [--project <slug>] [--url <url>] [--token <token>]
  starlight hook pre-tool | post-tool [--project <slug>] [--url <url>] [--token <token>]   (PreToolUse / PostToolUse payload JSON on stdin)
  starlight ablate --suite <dir> --agent "<command>" --project <slug> [--runs <n>] [--arms guidance,none] [--seed <n>]
                   [--target <target>] [--timeout <seconds>] [--report <file>] [--keep] [--url <url>] [--token <token>]
  starlight restore <file> [--db <path>]   (on the server's machine, with the server stopped)
  starlight --help | --version

import   uploads a ~/.claude/projects tree (or one project folder of it), a ~/.codex or ~/.gemini folder, an
         OpenCode data folder (~/.local/share/opencode), ~/.gemini/antigravity-cli, or an ACOS trajectories
         folder; with no folder, every agent history found in your home folder (and OpenCode's under
         $XDG_DATA_HOME).
         Files already uploaded unchanged (same path, size and mtime) are skipped; the state is kept in
         ~/.starlight/import-state.json (STARLIGHT_STATE overrides).
push     reads a Claude Code hook payload on stdin and uploads its transcript with its sub-agents.
         --background returns at once and uploads in a detached process (errors go to ~/.starlight/push.log).
         Always exits 0, so a hook never blocks the session.
event    relays a Claude Code hook event on stdin (PermissionDenied, StopFailure) to the server, which keeps it
         with its session. Always exits 0.
guidance prints the project's guidance to stdout (--format markdown, claude-md, cursor, windsurf, agents-md or
         hook-json; default hook-json, for a SessionStart hook). On any failure it prints nothing, says why on
         stderr and exits 0, so a session never breaks.
         --hook reads the SessionStart payload on stdin and sends its session_id, so Starlight records which
         guidance the session got (a session in the experiment's holdout gets none); the project is the one
         its cwd names, as for uploaded transcripts, unless --project or STARLIGHT_PROJECT says otherwise.
         --write updates a file in the repository instead of printing (--target, default claude-rules):
         claude-md (CLAUDE.md) and agents-md (AGENTS.md) between the starlight markers, the rest of the file
         kept byte for byte; claude-rules (.claude/rules/starlight.md), cursor (.cursor/rules/starlight.mdc)
         and windsurf (.windsurf/rules/starlight.md) rewritten whole; memory: a section of Claude Code's
         ~/.claude/projects/<repo folder>/memory/MEMORY.md kept within the 200 lines Claude Code reads.
         Prints "<file>: created", "updated" or "unchanged"; never writes outside the folder; exits 0.
hook     pre-tool / post-tool: a PreToolUse / PostToolUse(Failure) hook. Sends the call (the command or the file,
         and a failure's error) and prints Starlight's note from the project's knowledge as hook output, or
         nothing. Shell and edit tools only; server down or slower than 2 s: nothing, exit 0. docs/just-in-time.md.
ablate   runs every task of a suite (a folder per task: task.json with prompt and check, and repo/) --runs times
         with the project's current guidance written where the agent reads it (--target, default claude-md) and
         without it, in a seeded random order; runs --agent with sh -c in a fresh working copy (the prompt in
         $STARLIGHT_PROMPT), then the task's check (exit 0: done), and reports each run with the transcript the
         agent wrote. A failed setup, a crash, a hang (--timeout, else the task's timeoutSeconds) or a broken check
         is reported for its run; the suite goes on. --report writes the markdown report; --keep keeps the working
         copies. See docs/ablation.md.
restore  puts a backup (GET /api/v1/backup) in place of the server's database: checks it (PRAGMA
         integrity_check, Starlight's tables, not from a newer Starlight), refuses while the database is in use,
         keeps the current one as <db>.before-restore-<time>, then swaps the backup in. An older backup is
         migrated when the server starts.

Options:
  --url <url>          Starlight server (env STARLIGHT_URL, default http://localhost:3000)
  --token <token>      sent as "Authorization: Bearer <token>" (env STARLIGHT_TOKEN)
  --project <slug>     project to store into; required for ACOS unless the folder sits in <project>/.claude/
  --format <format>    guidance format (default hook-json)
  --hook               guidance: read the SessionStart hook payload on stdin and record the session
  --write              guidance: update the target's file in place instead of printing
  --target <target>    guidance --write: ${WRITE_TARGETS.join(", ")} (default claude-rules);
                       ablate: any of them but memory (default claude-md)
  --dir <repo>         guidance --write: the repository (default the current folder; names the project)
  --batch-size <n>     most files per upload request (default ${IMPORT_DEFAULTS.batchFiles})
  --batch-mb <n>       most megabytes per upload request (default ${IMPORT_DEFAULTS.batchMb})
  --concurrency <n>    upload requests in flight at once (default ${IMPORT_DEFAULTS.concurrency})
  --dry-run            list what would be uploaded; send nothing, remember nothing
  --suite <dir>        ablate: the folder of tasks
  --agent <command>    ablate: the agent, run with sh -c in each working copy
  --runs <n>           ablate: runs per task and arm (default 3)
  --arms <arms>        ablate: guidance,none (default), or one of them
  --seed <n>           ablate: the order's seed (default random; printed)
  --timeout <seconds>  ablate: the agent's time limit for every task
  --report <file>      ablate: write the markdown report there
  --keep               ablate: keep each run's working copy and the agent's transcript files
  --db <path>          restore: the database to replace (env STARLIGHT_DB, default ./data/starlight.db)
`;

const OPTIONS = {
  url: { type: "string" },
  token: { type: "string" },
  project: { type: "string" },
  format: { type: "string" },
  "batch-size": { type: "string" },
  "batch-mb": { type: "string" },
  concurrency: { type: "string" },
  "dry-run": { type: "boolean" },
  background: { type: "boolean" },
  hook: { type: "boolean" },
  write: { type: "boolean" },
  target: { type: "string" },
  dir: { type: "string" },
  db: { type: "string" },
  suite: { type: "string" },
  agent: { type: "string" },
  runs: { type: "string" },
  arms: { type: "string" },
  seed: { type: "string" },
  timeout: { type: "string" },
  report: { type: "string" },
  keep: { type: "boolean" },
  help: { type: "boolean", short: "h" },
  version: { type: "boolean", short: "v" },
} as const;

type Command = "import" | "push" | "event" | "guidance" | "hook" | "ablate" | "restore" | "help" | "version";

export interface Options {
  url: string | undefined;
  token: string | undefined;
  project: string | undefined;
  batchFiles: number;
  batchBytes: number;
  /** upload requests in flight at once */
  concurrency: number;
  dryRun: boolean;
  background: boolean;
  format: string | undefined;
  hook: boolean;
  write: boolean;
  target: import("../lib/guidance/write-targets").WriteTarget | undefined;
  dir: string | undefined;
  db: string | undefined;
  suite: string | undefined;
  agent: string | undefined;
  runs: string | undefined;
  arms: string | undefined;
  seed: string | undefined;
  timeout: string | undefined;
  report: string | undefined;
  keep: boolean;
}

export interface Parsed {
  command: Command;
  positionals: string[];
  options: Options;
}
function positiveNumber(value: string | undefined, flag: string, fallback: number) {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) throw new UsageError(`${flag} must be a positive number, not "${value}"`);
  return n;
}
function writeTarget(value: string | undefined): import("../lib/guidance/write-targets").WriteTarget | undefined {
  if (value === undefined) return undefined;
  const target = WRITE_TARGETS.find((t) => t === value);
  if (!target) throw new UsageError(`--target must be one of ${WRITE_TARGETS.join(", ")}, not "${value}"`);
  return target;
}
function readArgs(argv: string[]) {
  try {
    return parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

/**
 * Parses the command line (without the node and script paths).
 */
export function parseCommandLine(argv: string[]): Parsed {
  const { values, positionals } = readArgs(argv);
  const [first, ...rest] = positionals;
  let command: Command;
  if (values.version) command = "version";
  else if (values.help || first === undefined || first === "help") command = "help";
  else if (
    first === "import" ||
    first === "push" ||
    first === "event" ||
    first === "guidance" ||
    first === "hook" ||
    first === "ablate" ||
    first === "restore"
  )
    command = first;
  else throw new UsageError(`unknown command "${first}"`);

  const options = {
    url: values.url,
    token: values.token,
    project: values.project,
    batchFiles: Math.floor(positiveNumber(values["batch-size"], "--batch-size", IMPORT_DEFAULTS.batchFiles)),
    batchBytes: Math.floor(positiveNumber(values["batch-mb"], "--batch-mb", IMPORT_DEFAULTS.batchMb) * 1024 * 1024),
    concurrency: Math.max(
      1,
      Math.floor(positiveNumber(values.concurrency, "--concurrency", IMPORT_DEFAULTS.concurrency)),
    ),
    dryRun: values["dry-run"] ?? false,
    background: values.background ?? false,
    format: values.format,
    hook: values.hook ?? false,
    write: values.write ?? false,
    target: writeTarget(values.target),
    dir: values.dir,
    db: values.db,
    suite: values.suite,
    agent: values.agent,
    runs: values.runs,
    arms: values.arms,
    seed: values.seed,
    timeout: values.timeout,
    report: values.report,
    keep: values.keep ?? false,
  };
  if (command === "import" && rest.length > 1) {
    throw new UsageError(`import takes one folder, got ${rest.length}`);
  }
  if (command === "guidance" && rest.length > 0)
    throw new UsageError(`guidance takes no arguments (use --project <slug>)`);
  if (command !== "guidance" && options.hook)
    throw new UsageError(`--hook is an option of guidance (push always reads the hook payload)`);
  if (command !== "guidance" && options.write) throw new UsageError(`--write is an option of guidance`);
  if (!options.write && options.dir !== undefined) throw new UsageError(`--dir is an option of guidance --write`);
  if (!options.write && command !== "ablate" && options.target !== undefined)
    throw new UsageError(`--target is an option of guidance --write and of ablate`);
  const ablateOnly = (["suite", "agent", "runs", "arms", "seed", "timeout", "report"] as const).filter(
    (name) => options[name] !== undefined,
  );
  if (command !== "ablate" && (ablateOnly.length > 0 || options.keep))
    throw new UsageError(`--${ablateOnly[0] ?? "keep"} is an option of ablate`);
  if (command === "ablate" && rest.length > 0) throw new UsageError(`ablate takes no arguments (use --suite <dir>)`);
  if (options.write && options.hook)
    throw new UsageError(`--write updates a file and records no session; run guidance --hook on its own to record one`);
  if (options.write && options.format !== undefined)
    throw new UsageError(`--write takes --target, which decides the format, not --format`);
  if (command === "restore" && rest.length !== 1) {
    throw new UsageError(
      rest.length === 0
        ? "restore needs a backup file: starlight restore <file>"
        : `restore takes one backup file, got ${rest.length}`,
    );
  }
  if (command !== "restore" && options.db !== undefined) throw new UsageError(`--db is an option of restore`);
  if (command === "hook" && (rest.length !== 1 || (rest[0] !== "pre-tool" && rest[0] !== "post-tool"))) {
    throw new UsageError("hook takes one of pre-tool or post-tool (the hook payload comes on stdin)");
  }
  if ((command === "push" || command === "event") && rest.length > 0)
    throw new UsageError(`${command} takes no arguments (the hook payload comes on stdin)`);
  return { command, positionals: rest, options };
}
