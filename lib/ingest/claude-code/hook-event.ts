import { createHash } from "node:crypto";
import { z } from "zod";
import type { HookEvent, RecordError } from "@/lib/ingest/types";
import type { TranscriptName } from "@/lib/ingest/claude-code/file-name";

/**
 * Claude Code's hook events that teach Starlight something its transcript does not say plainly, as a hook (a command
 * or an HTTP hook) sends them: `PermissionDenied` (auto mode refused a tool call, with why: a refusal, counted as
 * the person's refusals are) and `StopFailure` (a turn ended on an API error: an outcome). Each is kept as a part of
 * its session (`<folder>/<sessionId>/hooks/<key>.json`) and folded in when the session is assembled, so it counts
 * once whether its transcript came before it, after it, or never says it.
 */

const LONG = 4_000;
const text = (max: number) => z.string().trim().min(1).max(max);

const common = {
  session_id: z
    .string()
    .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, "a Claude Code session id (a uuid)"),
  cwd: z.string().max(LONG).optional(),
  transcript_path: z.string().max(LONG).optional(),
};

/** A hook's JSON, as Claude Code posts it (other fields it sends are dropped). */
export const hookPayload = z.discriminatedUnion("hook_event_name", [
  z.object({
    ...common,
    hook_event_name: z.literal("PermissionDenied"),
    tool_name: text(200),
    tool_use_id: text(200),
    reason: z.string().max(LONG).default(""),
  }),
  z.object({
    ...common,
    hook_event_name: z.literal("StopFailure"),
    error: text(100).default("unknown"),
    error_details: z.string().max(LONG).optional(),
    last_assistant_message: z.string().max(LONG).optional(),
  }),
]);
export type HookPayload = z.infer<typeof hookPayload>;

/** The events Starlight keeps; others a hook may send are answered, not stored. */
export const KEPT_HOOK_EVENTS = ["PermissionDenied", "StopFailure"] as const;

/** What is stored of one event: its own fields and the working folder (which names the project); the session is in its name. */
const cwd = z.string().max(LONG).nullable().default(null);
const stored = z.discriminatedUnion("event", [
  z.object({
    event: z.literal("PermissionDenied"),
    cwd,
    toolUseId: text(200),
    toolName: text(200),
    reason: z.string().max(LONG),
  }),
  z.object({ event: z.literal("StopFailure"), cwd, error: text(100), message: z.string().max(LONG).nullable() }),
]);

/** The project folder Claude Code keeps a session's transcript in, from the transcript's path or else its cwd. */
function projectFolder(p: HookPayload): string {
  const dir = p.transcript_path
    ?.split(/[\\/]/)
    .filter((s) => s !== "")
    .at(-2);
  return dir ?? (p.cwd ?? "").replace(/[^A-Za-z0-9]/g, "-");
}

/**
 * A hook's payload → the file it is kept as: `<folder>/<sessionId>/hooks/<key>.json`, holding the event's own fields.
 * The key makes the same event sent twice the same part (a denied call's id; a failure's kind and text).
 */
export function hookFile(p: HookPayload): { name: string; content: string } {
  const cwd = p.cwd ?? null;
  const record: z.infer<typeof stored> =
    p.hook_event_name === "PermissionDenied"
      ? { event: p.hook_event_name, cwd, toolUseId: p.tool_use_id, toolName: p.tool_name, reason: p.reason }
      : { event: p.hook_event_name, cwd, error: p.error, message: p.last_assistant_message ?? p.error_details ?? null };
  const content = JSON.stringify(record);
  const key =
    record.event === "PermissionDenied"
      ? `denied-${record.toolUseId.replace(/[^\w-]/g, "_")}`
      : `failure-${createHash("sha256").update(content).digest("hex").slice(0, 16)}`;
  return { name: `${projectFolder(p)}/${p.session_id}/hooks/${key}.json`, content };
}

/** A kept hook event's file → the event; the key is in its name. */
export function readHookEvent(
  value: unknown,
  line: number,
  name: TranscriptName,
): { ok: true; event: HookEvent } | { ok: false; error: RecordError } {
  const read = stored.safeParse(value);
  if (name.kind !== "hook" || name.agentId === null || !read.success) {
    return {
      ok: false,
      error: {
        line,
        field: null,
        message: "a hook event is sent to /api/v1/hooks/claude-code, and kept as <folder>/<sessionId>/hooks/<key>.json",
      },
    };
  }
  return { ok: true, event: { key: name.agentId, ...read.data } };
}
