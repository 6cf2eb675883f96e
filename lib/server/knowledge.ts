import "server-only";
import { createHash } from "node:crypto";
import { agentNoteFiles } from "@/db/queries/agent-notes";
import { judgeNotes, type AgentNote } from "@/lib/knowledge/agent-notes";
import type { Db } from "@/db/client";
import {
  knowledgeMemoryStates,
  knowledgeSessions,
  sessionsFingerprint,
  storeKnowledgeMemories,
  type OutputsRead,
} from "@/db/queries/knowledge";
import { getProjectBySlug } from "@/db/queries/projects";
import type { KnowledgeItem } from "@/lib/knowledge/contract";
import { knowledgeMemory, knowledgeSourcePrefix } from "@/lib/knowledge/memory";
import { mineKnowledge } from "@/lib/knowledge/mine";
import { COVERAGE_TOTAL_MARKERS } from "@/lib/knowledge/coverage-report";
import { INSTRUCTION_DOC_NAMES } from "@/lib/knowledge/doc-commands";
import { LastComputed } from "@/lib/last-computed";

/**
 * Knowledge is mined from a project's latest sessions, at most this many: what an agent should do now is what
 * the project does lately, and the cost of mining stays bounded however long its history.
 */
export const KNOWLEDGE_SESSIONS = 200;

/** The outputs mining reads besides errors and commits: coverage totals, and reads of instruction or contributor docs. */
export const MINED_OUTPUTS: OutputsRead = { coverageMarkers: COVERAGE_TOTAL_MARKERS, docNames: INSTRUCTION_DOC_NAMES };

/** The items mined per database and project, with the fingerprint of the sessions they were mined from. */
const mined = new LastComputed<Db, KnowledgeItem[]>();

/**
 * What the project's own sessions teach (nothing of another project is read). Mined again only when its
 * latest sessions changed, so guidance, read at every session start, costs a short index read while they stay the same.
 */
async function projectKnowledge(db: Db, projectId: number): Promise<KnowledgeItem[]> {
  const fingerprint = await sessionsFingerprint(db, projectId, KNOWLEDGE_SESSIONS);
  return mined.get(db, projectId, fingerprint, async () =>
    mineKnowledge(await knowledgeSessions(db, projectId, KNOWLEDGE_SESSIONS, MINED_OUTPUTS)),
  );
}

/** The agent notes judged per database and project, with the fingerprint of the sessions and files they were judged from. */
const judged = new LastComputed<Db, AgentNote[]>();

/**
 * What agents wrote in their own memory files for this project (docs/agent-memory.md), each judged by the same
 * latest sessions knowledge is mined from; judged again only when those sessions or the files change.
 */
export async function projectAgentNotes(db: Db, projectId: number): Promise<AgentNote[]> {
  const files = await agentNoteFiles(db, projectId);
  if (files.length === 0) return [];
  const contents = createHash("sha256");
  for (const f of files) contents.update(`${f.path}\u0000${f.uploader}\u0000${f.content}\u0000`);
  const fingerprint = `${await sessionsFingerprint(db, projectId, KNOWLEDGE_SESSIONS)}|${contents.digest("hex")}`;
  return judged.get(db, projectId, fingerprint, async () =>
    judgeNotes(files, await knowledgeSessions(db, projectId, KNOWLEDGE_SESSIONS, MINED_OUTPUTS)),
  );
}

/** An item with the memory it is stored as (null when it has none: deleted by a person, or not stored yet). */
export interface KnowledgeEntry {
  item: KnowledgeItem;
  memory: { id: number; pinned: boolean } | null;
}

export async function knowledgeEntries(db: Db, projectId: number, slug: string): Promise<KnowledgeEntry[]> {
  const prefix = knowledgeSourcePrefix(slug);
  const items = await projectKnowledge(db, projectId);
  const memories = new Map(
    (
      await knowledgeMemoryStates(
        db,
        projectId,
        items.map((item) => `${prefix}${item.key}`),
      )
    ).map((m) => [m.source, m]),
  );
  return items.map((item) => {
    const memory = memories.get(`${prefix}${item.key}`);
    return { item, memory: memory ? { id: memory.id, pinned: memory.pinned } : null };
  });
}

/**
 * The knowledge guidance carries: the items whose memory is there and not pinned. A person who deletes the memory
 * takes the item out until sessions show it again; a pinned one reaches guidance among the pinned memories.
 */
export async function guidanceKnowledge(db: Db, projectId: number, slug: string): Promise<KnowledgeItem[]> {
  return (await knowledgeEntries(db, projectId, slug))
    .filter((e) => e.memory !== null && !e.memory.pinned)
    .map((e) => e.item);
}

/** Mines the projects' sessions again and stores what they teach as memories (upserted by source, stale ones removed). */
export async function refreshKnowledge(db: Db, slugs: Iterable<string>, now: number = Date.now()): Promise<void> {
  for (const slug of new Set(slugs)) {
    const project = await getProjectBySlug(db, slug);
    if (!project) continue;
    const drafts = (await projectKnowledge(db, project.id)).flatMap((item) => knowledgeMemory(slug, item) ?? []);
    await storeKnowledgeMemories(db, project.id, knowledgeSourcePrefix(slug), drafts, now);
  }
}
