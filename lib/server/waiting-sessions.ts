import "server-only";
import type { Db } from "@/db/client";
import { sessionPartList, sessionParts, sessionsWithoutMain } from "@/db/queries/transcripts";
import { parseFile } from "@/lib/ingest/parse-file";
import { isDescriptionPart, waitingAgents, type AgentDescription, type WaitingAgent } from "@/lib/ingest/waiting-parts";

export interface WaitingSession {
  sessionId: string;
  /** Files stored for it: sub-agents' transcripts and meta files, workflow runs' definitions. */
  parts: number;
  agents: WaitingAgent[];
}

export interface WaitingSessions {
  sessions: number;
  parts: number;
  /** The sessions stored last, up to the limit asked for. */
  shown: WaitingSession[];
}

/** What the meta files among a session's parts say of its sub-agents, by sub-agent id (their content is small). */
async function descriptions(
  db: Db,
  projectId: number,
  sessionId: string,
  transcripts: ReadonlySet<string>,
): Promise<Map<string, AgentDescription>> {
  const described = new Map<string, AgentDescription>();
  for (const meta of await sessionParts(db, projectId, sessionId, transcripts)) {
    const read = meta.content === null ? null : parseFile(meta.content, meta.name).agentMeta;
    if (read) described.set(read.agentId, { agentType: read.agentType, description: read.description });
  }
  return described;
}

/**
 * The project's sessions whose sub-agents' files arrived but whose main transcript has not: how many, with how
 * many files, and the `limit` stored last with their sub-agents. They are kept as parts, and become a session
 * when the main transcript arrives (lib/server/ingest.ts).
 */
export async function waitingSessions(db: Db, projectId: number, limit: number): Promise<WaitingSessions> {
  const all = await sessionsWithoutMain(db, projectId);
  const shown: WaitingSession[] = [];
  for (const { sessionId, parts } of all.slice(0, limit)) {
    const list = await sessionPartList(db, projectId, sessionId);
    const transcripts = new Set(list.filter((p) => !isDescriptionPart(p.part)).map((p) => p.part));
    shown.push({
      sessionId,
      parts,
      agents: waitingAgents(list, await descriptions(db, projectId, sessionId, transcripts)),
    });
  }
  return { sessions: all.length, parts: all.reduce((n, s) => n + s.parts, 0), shown };
}
