import { toOperations, toolBreakdown, touchedFiles } from "@/lib/ingest/claude-code/operations";
import type { ToolCall, ToolOutcome } from "@/lib/ingest/claude-code/scan";
import type { Prompt, Session } from "@/lib/session";

const TASK_LENGTH = 200;

/** What an agent's parser gathers from one file of a session (Claude Code transcript, Codex rollout): the main one, then its sub-agents'. */
export interface FileScan {
  calls: ToolCall[];
  /** By call id. */
  outcomes: Map<string, ToolOutcome>;
  models: Set<string>;
  prompts: Prompt[];
  interruptions: number;
  rejections: number;
  apiErrors: number;
  firstAt: number | null;
  lastAt: number | null;
  gitBranch: string | null;
}

type Scanned = Pick<
  Session,
  | "task"
  | "startedAt"
  | "endedAt"
  | "durationMs"
  | "promptCount"
  | "prompts"
  | "operations"
  | "operationCount"
  | "toolBreakdown"
  | "filesRead"
  | "filesModified"
  | "models"
  | "gitBranch"
  | "events"
>;

/**
 * The parts of a session every agent's files give the same way: operations of all files interleaved by time
 * (sub-agents' marked `delegated`), time bounds (`startedAt` 0 when no line has a time), models and events over
 * all files; prompts, task (the first prompt) and branch from the main file (`scans[0]`).
 */
export function fromFileScans(scans: readonly [FileScan, ...FileScan[]]): Scanned {
  const [main] = scans;
  const operations = toOperations(
    scans.map((s) => s.calls),
    new Map(scans.flatMap((s) => [...s.outcomes])),
  );
  const firsts = scans.flatMap((s) => (s.firstAt === null ? [] : [s.firstAt]));
  const lasts = scans.flatMap((s) => (s.lastAt === null ? [] : [s.lastAt]));
  const startedAt = firsts.length ? Math.min(...firsts) : 0;
  const last = lasts.length ? Math.max(...lasts) : null;
  const sum = (count: (s: FileScan) => number) => scans.reduce((n, s) => n + count(s), 0);
  return {
    task: main.prompts[0]?.text.slice(0, TASK_LENGTH) ?? null,
    startedAt,
    endedAt: last,
    durationMs: last === null ? null : last - startedAt,
    promptCount: main.prompts.length,
    prompts: main.prompts,
    operations,
    operationCount: operations.length,
    toolBreakdown: toolBreakdown(operations),
    ...touchedFiles(operations),
    models: [...new Set(scans.flatMap((s) => [...s.models]))],
    gitBranch: main.gitBranch,
    events: {
      interruptions: sum((s) => s.interruptions),
      rejectedToolCalls: sum((s) => s.rejections),
      apiErrors: sum((s) => s.apiErrors),
    },
  };
}
