import "server-only";
import { getDb, type Db } from "@/db/client";
import { openPeriod } from "@/db/queries/experiments";
import { recordToolCallNotes } from "@/db/queries/tool-call-notes";
import type { Project } from "@/db/schema";
import { assignArm } from "@/lib/experiment/arm";
import { notesAfter, notesBefore } from "@/lib/just-in-time/match";
import { hookOutput, type HookOutput } from "@/lib/just-in-time/output";
import { toolCallOf, type ToolCallPayload } from "@/lib/just-in-time/payload";
import { servedGuidance } from "./guidance";
import { reviewMode } from "./review-gate";

/**
 * The hook's answer to one tool call (docs/just-in-time.md): the notes the project's served knowledge has for it
 * (with review on, only accepted items), each given once per session and recorded as a delivery of the open
 * experiment period. Nothing with the project's setting off, for a holdout session, or when nothing matches.
 */
export async function toolCallAnswer(project: Project, payload: ToolCallPayload, db: Db = getDb()): Promise<HookOutput> {
  if (project.justInTime === "off") return {};
  const call = toolCallOf(payload);
  if (call === null) return {};
  const period = await openPeriod(project.id, db);
  if (period && assignArm(payload.session_id, period.salt, period.holdoutShare) === "holdout") return {};
  const knowledge = (await servedGuidance(project.slug, db))?.content.knowledge ?? [];
  const notes = call.moment === "before" ? notesBefore(call, knowledge) : notesAfter(call, knowledge);
  if (notes.length === 0) return {};
  const fresh = await recordToolCallNotes(
    notes.map((n) => ({ projectId: project.id, experimentId: period?.id ?? null, sessionId: payload.session_id, itemKey: n.key, moment: call.moment, tool: call.tool })),
    db,
  );
  const given = notes.filter((n) => fresh.has(n.key));
  if (given.length === 0) return {};
  return hookOutput(payload.hook_event_name, given, project.justInTime, (await reviewMode(project.id, db)).on);
}
