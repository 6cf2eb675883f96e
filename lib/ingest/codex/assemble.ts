import { projectFromCwd } from "@/lib/ingest/claude-code/project";
import { scanRollout, type RolloutScan } from "@/lib/ingest/codex/scan";
import type { RolloutFile } from "@/lib/ingest/types";
import { fromFileScans } from "@/lib/ingest/file-scan";
import { withDomainAndSuccess } from "@/lib/ingest/with-domain-and-success";
import { mergeModelTokens, tokenFields } from "@/lib/ingest/model-tokens";
import type { SubagentSummary, Session } from "@/lib/session";

function subagentSummaries(agents: readonly RolloutFile[], scans: readonly RolloutScan[]): SubagentSummary[] {
  return agents
    .map((file, i) => ({ file, scan: scans[i] as RolloutScan, i }))
    .sort((a, b) => (a.scan.firstAt ?? Infinity) - (b.scan.firstAt ?? Infinity) || a.i - b.i)
    .map(({ file, scan, i }) => ({
      agentId: file.threadId ?? `#${i + 1}`,
      agentType: scan.agentRole,
      description: null,
      workflow: null,
      operationCount: scan.calls.length,
    }));
}

/**
 * The canonical session of one Codex session: its rollout and the rollouts of the sub-agent threads it spawned
 * (their calls interleaved by time and marked `delegated`), the same treatment Claude Code sessions get
 * (`assembleSession`). Tokens, models, events and time bounds cover the sub-agents too; prompts, task, branch and
 * project come from the main rollout. `main` must name its thread (`threadId`): the caller skips files without one.
 */
export function assembleRollouts(main: RolloutFile, agents: readonly RolloutFile[]): Session {
  const sessionId = main.threadId;
  if (sessionId === null) throw new Error("assembleRollouts: the main rollout names no thread");
  const mainScan = scanRollout(main, false);
  const agentScans = agents.map((file) => scanRollout(file, true));
  const scans: [RolloutScan, ...RolloutScan[]] = [mainScan, ...agentScans];

  const base = {
    format: "codex" as const,
    externalId: sessionId,
    sessionId,
    projectHint: main.cwd === null ? null : projectFromCwd(main.cwd),
    agent: "codex",
    ...fromFileScans(scans),
    ...tokenFields(mergeModelTokens(scans.map((s) => s.tokens))),
    subagents: subagentSummaries(agents, agentScans),
    critique: null,
    raw: {
      sessionId,
      version: mainScan.version,
      files: [main, ...agents].map((f) => ({ threadId: f.threadId, lineCount: f.lineCount })),
    },
  };
  return withDomainAndSuccess(base, main.cwd);
}
