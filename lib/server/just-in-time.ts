import "server-only";
import type { Db } from "@/db/client";
import { openPeriod } from "@/db/queries/experiments";
import { recordToolCallNotes } from "@/db/queries/tool-call-notes";
import type { Project } from "@/db/schema";
import type { GuidanceContent } from "@/lib/guidance/contract";
import { notesAfter, notesBefore } from "@/lib/just-in-time/match";
import { noteDeliveries } from "@/lib/just-in-time/draw";
import { hookOutput, type HookOutput } from "@/lib/just-in-time/output";
import { toolCallOf, type ToolCallPayload } from "@/lib/just-in-time/payload";
import type { KnowledgeItem } from "@/lib/knowledge/contract";
import { guidanceKnowledge } from "./knowledge";
import { gatedContent } from "./review-gate";

/**
 * The knowledge agents are served, as the SessionStart guidance serves it (with review on, only the accepted
 * versions: the review of each item depends on that item alone), without distilling and storing the whole guidance,
 * which a hook at every tool call cannot afford. Whether review is on comes with it.
 */
async function servedKnowledge(db: Db, project: Project): Promise<{ knowledge: KnowledgeItem[]; reviewed: boolean }> {
  const knowledge = await guidanceKnowledge(db, project.id, project.slug);
  const only: GuidanceContent = {
    project: project.slug,
    knowledge,
    sessions: 0,
    rules: [],
    lessons: [],
    checklists: [],
    crossProject: [],
    strengths: [],
    pinned: [],
  };
  const { content, review } = await gatedContent(db, project.id, only);
  return { knowledge: content.knowledge ?? [], reviewed: review !== null };
}

/**
 * The hook's answer to one tool call (docs/just-in-time.md): the notes the project's served knowledge has for it,
 * each given once per session. Every note due is recorded against the open experiment period with what became of it
 * (lib/just-in-time/draw.ts): given, drawn out by the item's draw, or held out with its session, so the report can
 * compare recurrence of the same mistake. Nothing with the project's setting off, or when nothing matches.
 */
export async function toolCallAnswer(db: Db, project: Project, payload: ToolCallPayload): Promise<HookOutput> {
  if (project.justInTime === "off") return {};
  const call = toolCallOf(payload);
  if (call === null) return {};
  const period = await openPeriod(db, project.id);
  const { knowledge, reviewed } = await servedKnowledge(db, project);
  const notes = call.moment === "before" ? notesBefore(call, knowledge) : notesAfter(call, knowledge);
  if (notes.length === 0) return {};
  const delivery = noteDeliveries(
    payload.session_id,
    period,
    notes.map((n) => n.key),
  );
  const fresh = await recordToolCallNotes(
    db,
    notes.map((n) => ({
      projectId: project.id,
      experimentId: period?.id ?? null,
      sessionId: payload.session_id,
      itemKey: n.key,
      moment: call.moment,
      tool: call.tool,
      delivery: delivery.get(n.key)!,
    })),
  );
  const given = notes.filter((n) => fresh.has(n.key) && delivery.get(n.key) === "given");
  return given.length === 0 ? {} : hookOutput(payload.hook_event_name, given, project.justInTime, reviewed);
}

export { setJustInTimeSetting } from "@/db/queries/tool-call-notes";
