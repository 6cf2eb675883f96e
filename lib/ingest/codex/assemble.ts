import { projectFromCwd } from "@/lib/ingest/claude-code/project";
import { toOperations, toolBreakdown, touchedFiles } from "@/lib/ingest/claude-code/operations";
import { scanRollout, type RolloutScan } from "@/lib/ingest/codex/scan";
import type { RolloutFile } from "@/lib/ingest/types";
import { inferDomain } from "@/lib/learn/domain";
import { computeFeatures } from "@/lib/learn/features";
import { heuristicSuccess } from "@/lib/learn/success";
import type { SubagentSummary, TokenUsage, Trajectory } from "@/lib/trajectory";

const TASK_LENGTH = 200;

function sumTokens(scans: readonly RolloutScan[]): TokenUsage | null {
  const counted = scans.flatMap((s) => (s.tokens === null ? [] : [s.tokens]));
  if (counted.length === 0) return null;
  const total: TokenUsage = { input: 0, output: 0, cacheRead: 0, cacheCreation: 0 };
  for (const t of counted) for (const field of ["input", "output", "cacheRead", "cacheCreation"] as const) total[field] += t[field];
  return total;
}

function subagentSummaries(agents: readonly RolloutFile[], scans: readonly RolloutScan[]): SubagentSummary[] {
  return agents
    .map((file, i) => ({ file, scan: scans[i] as RolloutScan, i }))
    .sort((a, b) => (a.scan.firstAt ?? Infinity) - (b.scan.firstAt ?? Infinity) || a.i - b.i)
    .map(({ file, scan, i }) => ({ agentId: file.threadId ?? `#${i + 1}`, agentType: scan.agentRole, description: null, operationCount: scan.calls.length }));
}

/**
 * The canonical trajectory of one Codex session: its rollout and the rollouts of the sub-agent threads it spawned
 * (their calls interleaved by time and marked `delegated`), the same treatment Claude Code sessions get
 * (`assembleSession`). Tokens, models, events and time bounds cover the sub-agents too; prompts, task, branch and
 * project come from the main rollout. `main` must name its thread (`threadId`): the caller skips files without one.
 */
export function assembleRollouts(main: RolloutFile, agents: readonly RolloutFile[]): Trajectory {
  const sessionId = main.threadId;
  if (sessionId === null) throw new Error("assembleRollouts: the main rollout names no thread");
  const mainScan = scanRollout(main, false);
  const agentScans = agents.map((file) => scanRollout(file, true));
  const scans = [mainScan, ...agentScans];
  const operations = toOperations(scans.map((s) => s.calls), new Map(scans.flatMap((s) => [...s.outcomes])));
  const firsts = scans.flatMap((s) => (s.firstAt === null ? [] : [s.firstAt]));
  const lasts = scans.flatMap((s) => (s.lastAt === null ? [] : [s.lastAt]));
  const startedAt = firsts.length ? Math.min(...firsts) : 0;
  const last = lasts.length ? Math.max(...lasts) : null;
  const sum = (count: (s: RolloutScan) => number) => scans.reduce((n, s) => n + count(s), 0);

  const base = {
    format: "codex" as const,
    externalId: sessionId,
    sessionId,
    projectHint: main.cwd === null ? null : projectFromCwd(main.cwd),
    agent: "codex",
    task: mainScan.prompts[0]?.text.slice(0, TASK_LENGTH) ?? null,
    startedAt,
    endedAt: last,
    durationMs: last === null ? null : last - startedAt,
    promptCount: mainScan.prompts.length,
    prompts: mainScan.prompts,
    operations,
    operationCount: operations.length,
    toolBreakdown: toolBreakdown(operations),
    ...touchedFiles(operations),
    tokens: sumTokens(scans),
    models: [...new Set(scans.flatMap((s) => [...s.models]))],
    gitBranch: mainScan.gitBranch,
    events: { interruptions: sum((s) => s.interruptions), rejectedToolCalls: sum((s) => s.rejections), apiErrors: sum((s) => s.apiErrors) },
    subagents: subagentSummaries(agents, agentScans),
    critique: null,
    raw: { sessionId, version: mainScan.version, files: [main, ...agents].map((f) => ({ threadId: f.threadId, lineCount: f.lineCount })) },
  };
  const withDomain = { ...base, domain: inferDomain(base, main.cwd) };
  return { ...withDomain, success: heuristicSuccess(withDomain, computeFeatures(withDomain)) };
}
