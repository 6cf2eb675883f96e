import "server-only";
import type { Db } from "@/db/client";
import { sessionParts } from "@/db/queries/transcripts";
import { assembleSession } from "@/lib/ingest/claude-code/assemble";
import { parseFile, type AgentMeta, type TranscriptFile } from "@/lib/ingest/parse-file";
import type { Trajectory } from "@/lib/trajectory";

/** Parts of a session already parsed in this request, by part name ("" main, agent id, "meta:<id>"). */
export type HeldParts = ReadonlyMap<string, TranscriptFile | AgentMeta>;

/**
 * The canonical trajectory of a Claude Code session from its stored transcript parts, or null while its
 * main transcript has not arrived.
 */
export function assembleStoredSession(db: Db, projectId: number, sessionId: string, held: HeldParts = new Map()): Trajectory | null {
  const agents: TranscriptFile[] = [];
  const metas: AgentMeta[] = [];
  let main: TranscriptFile | null = null;
  for (const row of sessionParts(db, projectId, sessionId, new Set(held.keys()))) {
    const isMeta = row.part.startsWith("meta:");
    const stored = row.content === null ? null : parseFile(row.content, row.name);
    const parsed = held.get(row.part) ?? (isMeta ? stored?.agentMeta : stored?.transcript);
    if (!parsed) continue;
    if (row.part === "") main = parsed as TranscriptFile;
    else if (isMeta) metas.push(parsed as AgentMeta);
    else agents.push(parsed as TranscriptFile);
  }
  return main ? assembleSession(main, agents, metas) : null;
}

/** Rebuilds a stored session's canonical trajectory from what was received (ACOS record or transcript parts). */
export function rebuildTrajectory(db: Db, row: { format: string; raw: string; projectId: number; externalId: string }): Trajectory | null {
  if (row.format === "claude-code") return assembleStoredSession(db, row.projectId, row.externalId);
  return parseFile(row.raw).trajectories[0] ?? null;
}
