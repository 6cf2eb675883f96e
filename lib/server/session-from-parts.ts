import "server-only";
import type { Db } from "@/db/client";
import { sessionParts } from "@/db/queries/transcripts";
import { assembleSession } from "@/lib/ingest/claude-code/assemble";
import { assembleRollouts } from "@/lib/ingest/codex/assemble";
import { withSubagents } from "@/lib/ingest/gemini/subagents";
import {
  parseFile,
  type AgentMeta,
  type HookEvent,
  type RolloutFile,
  type TranscriptFile,
  type WorkflowRun,
} from "@/lib/ingest/parse-file";
import { emptyMainTranscript, isMetaPart } from "@/lib/ingest/waiting-parts";
import type { Session } from "@/lib/session";

/** A stored part of a session, as parsed. */
export type SessionPart = TranscriptFile | RolloutFile | AgentMeta | WorkflowRun | HookEvent;

/** Parts of a session already parsed in this request, by part name ("" main, agent or thread id, "meta:<id>", "workflow:<runId>"). */
export type HeldParts = ReadonlyMap<string, SessionPart>;

const isRollout = (part: SessionPart): part is RolloutFile => "format" in part && part.format === "codex";
const isWorkflowRun = (part: SessionPart): part is WorkflowRun => "runId" in part;
const isHookEvent = (part: SessionPart): part is HookEvent => "event" in part;

/**
 * The canonical session of a Claude Code session, or of a Codex session, from its stored parts (the format is
 * the main part's), or null while its main transcript or rollout has not arrived (or, holding no message, has no
 * sub-agent to assemble it from).
 */
export async function assembleStoredSession(
  db: Db,
  projectId: number,
  sessionId: string,
  held: HeldParts = new Map(),
): Promise<Session | null> {
  const agents: TranscriptFile[] = [];
  const threads: RolloutFile[] = [];
  const metas: AgentMeta[] = [];
  const runs: WorkflowRun[] = [];
  const hooks: HookEvent[] = [];
  let main: TranscriptFile | RolloutFile | null = null;
  for (const row of await sessionParts(db, projectId, sessionId, new Set(held.keys()))) {
    const isMeta = isMetaPart(row.part);
    const stored = row.content === null ? null : parseFile(row.content, row.name);
    const empty = row.part === "" && stored !== null ? emptyMainTranscript(stored, row.name) : null;
    const parsed =
      held.get(row.part) ??
      (isMeta
        ? stored?.agentMeta
        : (stored?.workflow ?? stored?.hookEvent ?? stored?.rollout ?? empty ?? stored?.transcript));
    if (!parsed) continue;
    if (row.part === "") main = parsed as TranscriptFile | RolloutFile;
    else if (isMeta) metas.push(parsed as AgentMeta);
    else if (isWorkflowRun(parsed)) runs.push(parsed);
    else if (isHookEvent(parsed)) hooks.push(parsed);
    else if (isRollout(parsed)) threads.push(parsed);
    else agents.push(parsed as TranscriptFile);
  }
  // A main transcript without messages is assembled from its sub-agents, and is no session without them.
  if (main === null || (!isRollout(main) && main.records.length === 0 && agents.length === 0)) return null;
  return isRollout(main) ? assembleRollouts(main, threads) : assembleSession(main, agents, metas, runs, hooks);
}

/** A Gemini CLI session with the sub-agent chats stored as its parts (`withSubagents`). */
export async function withStoredSubagents(db: Db, projectId: number, main: Session): Promise<Session> {
  const subs = (await sessionParts(db, projectId, main.externalId)).flatMap((row) =>
    row.content === null ? [] : parseFile(row.content, row.name).sessions,
  );
  return withSubagents(main, subs);
}

/** Rebuilds a stored session's canonical session from what was received (ACOS record, Gemini chat, transcript parts). */
export async function rebuildSession(
  db: Db,
  row: { format: string; raw: string; projectId: number; externalId: string },
): Promise<Session | null> {
  if (row.format === "claude-code" || row.format === "codex")
    return assembleStoredSession(db, row.projectId, row.externalId);
  const t = parseFile(row.raw).sessions[0] ?? null;
  return t !== null && row.format === "gemini" ? withStoredSubagents(db, row.projectId, t) : t;
}
