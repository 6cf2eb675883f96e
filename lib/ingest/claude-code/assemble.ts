import { projectFromCwd } from "@/lib/ingest/claude-code/project";
import { scanTranscript, type TranscriptScan } from "@/lib/ingest/claude-code/scan";
import { addModelTokens, keepLargest, tokenFields } from "@/lib/ingest/model-tokens";
import { foldHookEvents } from "@/lib/ingest/claude-code/hook-fold";
import type { AgentMeta, HookEvent, TranscriptFile, WorkflowRun } from "@/lib/ingest/types";
import { fromFileScans } from "@/lib/ingest/file-scan";
import { withDomainAndSuccess } from "@/lib/ingest/with-domain-and-success";
import type { ModelTokens, SubagentSummary, Session } from "@/lib/session";

export { projectFromCwd } from "@/lib/ingest/claude-code/project";

/** Tokens per model of every API response of the session, each counted once even if two files repeat it. */
function sessionTokens(scans: readonly TranscriptScan[]): Record<string, ModelTokens> {
  const responses = new Map<string, { model: string; tokens: ModelTokens }>();
  for (const scan of scans) {
    for (const [key, usage] of scan.usage) {
      const seen = responses.get(key);
      if (seen === undefined) responses.set(key, { model: usage.model, tokens: { ...usage.tokens } });
      else keepLargest(seen.tokens, usage.tokens);
    }
  }
  const byModel: Record<string, ModelTokens> = {};
  for (const { model, tokens } of responses.values()) addModelTokens(byModel, model, tokens);
  return byModel;
}

function subagentSummaries(
  agents: readonly TranscriptFile[],
  scans: readonly TranscriptScan[],
  metas: readonly AgentMeta[],
  runs: readonly WorkflowRun[],
): SubagentSummary[] {
  const byId = new Map(metas.map((m) => [m.agentId, m]));
  const runNames = new Map(runs.map((r) => [r.runId, r.name]));
  return agents
    .map((file, i) => {
      const agentId = file.agentId ?? `#${i + 1}`;
      const meta = byId.get(agentId);
      const scan = scans[i];
      const workflow = file.workflowId === undefined ? null : (runNames.get(file.workflowId) ?? file.workflowId);
      const summary = {
        agentId,
        agentType: meta?.agentType ?? null,
        description: meta?.description ?? null,
        workflow,
        operationCount: scan?.calls.length ?? 0,
      };
      return { summary, firstAt: scan?.firstAt ?? Infinity };
    })
    .sort((a, b) => a.firstAt - b.firstAt || a.summary.agentId.localeCompare(b.summary.agentId))
    .map(({ summary }) => summary);
}

/**
 * The canonical session of one Claude Code session: its main transcript, the transcripts of its
 * sub-agents (every layout, workflow runs' and nested ones too; their calls are interleaved by time and marked
 * `delegated`), their meta files and the definitions of its workflow runs (which name the runs its sub-agents are of).
 * The sub-agents' summaries are also kept in `raw`, which is stored, so the session's page can show them. Hook events
 * Starlight received for the session (auto mode's denials, turns that failed) are folded in once (`foldHookEvents`). Tokens, models, events and time bounds cover the sub-agents too; prompts, task (the first prompt,
 * context tags removed), branch and project come from the main transcript (the project from the first sub-agent's
 * working folder when the main one has no message: `emptyMainTranscript`); `startedAt` is 0 if no line has a time.
 * `main` must name its session (`sessionId`).
 */
export function assembleSession(
  main: TranscriptFile,
  agents: readonly TranscriptFile[],
  metas: readonly AgentMeta[],
  runs: readonly WorkflowRun[] = [],
  hooks: readonly HookEvent[] = [],
): Session {
  const sessionId = main.sessionId;
  if (sessionId === null) throw new Error("assembleSession: the main transcript names no session");
  const mainScan = scanTranscript(main, false);
  const agentScans = agents.map((file) => scanTranscript(file, true));
  const scans: [TranscriptScan, ...TranscriptScan[]] = [mainScan, ...agentScans];
  foldHookEvents(mainScan, scans, hooks);

  // A main transcript without messages names no working folder: the session's is its first sub-agent's.
  const cwd = main.cwd ?? agents.find((a) => a.cwd !== null)?.cwd ?? null;
  const subagents = subagentSummaries(agents, agentScans, metas, runs);
  const base = {
    format: "claude-code" as const,
    externalId: sessionId,
    sessionId,
    projectHint: (cwd === null ? null : projectFromCwd(cwd)) ?? main.folder,
    agent: "claude-code",
    ...fromFileScans(scans),
    ...tokenFields(sessionTokens(scans)),
    subagents,
    critique: null,
    raw: {
      sessionId,
      version: mainScan.version,
      files: [main, ...agents].map((f) => ({ agentId: f.agentId, lineCount: f.lineCount })),
      subagents,
    },
  };
  return withDomainAndSuccess(base, cwd);
}
