/**
 * An ablation run's transcript, read with the same parsers as an upload (redaction included) and kept as the
 * run's session: what the agent did, step by step, and the measures the analysis compares between the arms.
 */
import type { AblationRun } from "@/lib/ablation/contract";
import { pricedCost } from "@/lib/cost/priced";
import type { BehaviourFeatures } from "@/lib/experiment/contract";
import { assembleSession } from "@/lib/ingest/claude-code/assemble";
import { assembleRollouts } from "@/lib/ingest/codex/assemble";
import { withSubagents } from "@/lib/ingest/gemini/subagents";
import type { ParsedFile } from "@/lib/ingest/types";
import { computeFeatures } from "@/lib/learn/features";
import type { Operation, SourceFormat, Session } from "@/lib/session";

/** The steps kept for the run's page; a longer session keeps its first ones and says how many there were. */
const KEPT_STEPS = 500;

export interface AblationSession {
  format: SourceFormat;
  agent: string;
  externalId: string;
  /**
   * The working folder's name the transcript records (Claude Code's and Codex's cwd); null when its format records
   * none. Absent from runs stored before it was kept.
   */
  folder?: string | null;
  /** The files the session was read from, as the command line named them. */
  files: string[];
  startedAt: number;
  durationMs: number | null;
  operations: number;
  toolErrors: number | null;
  filesModified: number;
  tokens: number | null;
  costUsd: number | null;
  models: string[];
  features: BehaviourFeatures;
  steps: Pick<Operation, "tool" | "file" | "command" | "isError" | "output">[];
  /** The person's (here: the harness's) first prompt, as the agent received it. */
  prompt: string | null;
}

/**
 * The run's session from its parsed files: a Claude Code transcript with its sub-agents, a Codex rollout with its
 * threads, or a Gemini chat with its sub-agent chats; null when none of the files is a session's main file.
 */
export function runSession(files: readonly ParsedFile[]): Session | null {
  const transcripts = files.flatMap((f) => (f.transcript ? [f.transcript] : []));
  const main = transcripts.find((t) => t.agentId === null);
  if (main) {
    const metas = files.flatMap((f) => (f.agentMeta ? [f.agentMeta] : []));
    return assembleSession(
      main,
      transcripts.filter((t) => t !== main),
      metas,
    );
  }
  const rollouts = files.flatMap((f) => (f.rollout ? [f.rollout] : []));
  const rollout = rollouts.find((r) => r.parentThreadId === null);
  if (rollout)
    return assembleRollouts(
      rollout,
      rollouts.filter((r) => r !== rollout),
    );
  const sessions = files.flatMap((f) => f.sessions);
  const [first, ...rest] = sessions;
  if (!first) return null;
  return first.format === "gemini" ? withSubagents(first, rest) : first;
}

export function ablationSession(t: Session, fileNames: readonly string[]): AblationSession {
  const f = computeFeatures(t);
  const tokens =
    t.tokens === null ? null : t.tokens.input + t.tokens.output + t.tokens.cacheRead + t.tokens.cacheCreation;
  return {
    format: t.format,
    agent: t.agent,
    externalId: t.externalId,
    folder: t.format === "claude-code" || t.format === "codex" ? t.projectHint : null,
    files: [...fileNames],
    startedAt: t.startedAt,
    durationMs: t.durationMs,
    operations: t.operationCount,
    toolErrors: f.toolErrors,
    filesModified: f.filesModifiedCount,
    tokens,
    costUsd: tokens === null ? null : pricedCost(t.tokensByModel).usd,
    models: t.models,
    features: {
      operationCount: f.operationCount,
      filesModified: f.filesModifiedCount,
      verifiedAfterEdit: f.verifiedAfterEdit,
      readBeforeEditRatio: f.readBeforeEditRatio,
      delegated: f.delegated,
    },
    steps: (t.operations ?? [])
      .slice(0, KEPT_STEPS)
      .map(({ tool, file, command, isError, output }) => ({ tool, file, command, isError, output })),
    prompt: t.prompts[0]?.text ?? null,
  };
}

/** A stored run as the analysis reads it: every measure, its duration included, comes from its session (transcript), when it has one. */
export function analysedRun(
  row: Pick<AblationRun, "task" | "arm" | "run" | "status" | "verified"> & {
    agentTimedOut: boolean;
    session: AblationSession | null;
  },
): AblationRun {
  const s = row.session;
  return {
    task: row.task,
    arm: row.arm,
    run: row.run,
    status: row.status,
    verified: row.verified,
    agentTimedOut: row.agentTimedOut,
    durationMs: s?.durationMs ?? null,
    operations: s?.operations ?? null,
    toolErrors: s?.toolErrors ?? null,
    tokens: s?.tokens ?? null,
    costUsd: s?.costUsd ?? null,
    features: s?.features ?? null,
  };
}
