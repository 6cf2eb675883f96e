import { readTranscriptName } from "@/lib/ingest/claude-code/file-name";
import type { ParsedFile, TranscriptFile } from "@/lib/ingest/types";

/**
 * One stored part of a session (a sub-agent's transcript or meta file, a workflow run's definition, a Codex thread, a
 * Gemini chat), without its content.
 */
export interface StoredPart {
  /** "" for the main transcript, the sub-agent's id, "meta:<id>" for a sub-agent's meta file, "workflow:<runId>" for a run, "hook:<key>" for a hook event. */
  part: string;
  /** The file it came in as. */
  name: string;
  lineCount: number;
  receivedAt: number;
}

/** What a sub-agent's meta file says of it. */
export interface AgentDescription {
  agentType: string | null;
  description: string | null;
}

/** A sub-agent of a session whose main transcript has not arrived, as its stored parts show it. */
export interface WaitingAgent extends AgentDescription {
  id: string;
  /** The file its transcript came in as; null while only its meta file has arrived. */
  file: string | null;
  /** Lines of its transcript (0 while only its meta file has arrived). */
  lines: number;
  /** When its last part arrived (epoch ms). */
  receivedAt: number;
}

const META = "meta:";
const WORKFLOW = "workflow:";
const HOOK = "hook:";

/** Whether a part is a sub-agent's meta file (`meta:<id>`). */
export const isMetaPart = (part: string) => part.startsWith(META);
/** The part a workflow run's definition is kept as. */
export const workflowPart = (runId: string) => `${WORKFLOW}${runId}`;
/** The part a hook event is kept as. */
export const hookPart = (key: string) => `${HOOK}${key}`;
/** Whether a part describes the session's transcripts (a meta file, a workflow run's definition, a hook event) rather than being one. */
export const isDescriptionPart = (part: string) =>
  isMetaPart(part) || part.startsWith(WORKFLOW) || part.startsWith(HOOK);

/**
 * A session's sub-agents from its stored parts: each transcript with what its meta file (`meta:<id>`) says, and
 * each meta file whose transcript has not arrived, in the order of their ids. `described` holds the meta files
 * read, by sub-agent id.
 */
export function waitingAgents(
  parts: readonly StoredPart[],
  described: ReadonlyMap<string, AgentDescription>,
): WaitingAgent[] {
  const agents = new Map<string, WaitingAgent>();
  for (const p of parts) {
    if (p.part === "" || (isDescriptionPart(p.part) && !isMetaPart(p.part))) continue;
    const isMeta = isMetaPart(p.part);
    const id = isMeta ? p.part.slice(META.length) : p.part;
    const agent = agents.get(id) ?? {
      id,
      file: null,
      lines: 0,
      receivedAt: 0,
      agentType: null,
      description: null,
      ...described.get(id),
    };
    if (!isMeta) Object.assign(agent, { file: p.name, lines: p.lineCount });
    agent.receivedAt = Math.max(agent.receivedAt, p.receivedAt);
    agents.set(id, agent);
  }
  return [...agents.values()].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/**
 * The main transcript a file stands for when it holds no message: a file named `<sessionId>.jsonl` of nothing (0
 * bytes, or whitespace), or a Claude Code transcript of a session with only summaries and bookkeeping lines. It
 * counts as arrived, so its session's sub-agents wait no more: the session is assembled from them
 * (`assembleSession`). Null for any other file (one with messages, a sub-agent's, one naming no session).
 */
export function emptyMainTranscript(
  parsed: Pick<ParsedFile, "format" | "transcript">,
  name: string,
): TranscriptFile | null {
  const t = parsed.transcript;
  if (t !== null) return t.records.length === 0 && t.agentId === null && t.sessionId !== null ? t : null;
  const named = readTranscriptName(name);
  if (parsed.format !== "empty" || named.kind !== "session" || named.sessionId === null) return null;
  return {
    sessionId: named.sessionId,
    agentId: null,
    cwd: null,
    folder: named.folder,
    lineCount: 0,
    records: [],
    content: "",
  };
}
