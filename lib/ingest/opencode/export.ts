import { z } from "zod";
import { recordError } from "@/lib/ingest/record-error";
import { nonEmptyText, text } from "@/lib/ingest/schema-fields";
import type { RecordError } from "@/lib/ingest/types";

/**
 * An OpenCode session as one JSON document: what `opencode export <sessionID>` prints, `{info, messages: [{info,
 * parts}]}` (Session.Info; MessageV2.Info with its MessageV2.Part list, packages/opencode/src/session/ in
 * sst/opencode), which `starlight import` also builds from OpenCode's storage folder (lib/walk/opencode.ts), adding
 * the sessions the session started (`task` sub-agents, whose Session.Info names it as `parentID`) as `children`.
 * Only the fields read are checked; the rest are kept as they came.
 */
const count = z.number().min(0).catch(0);
const time = z.number().nullish();

const tokensSchema = z.looseObject({
  input: count,
  output: count,
  reasoning: count.optional(),
  cache: z.looseObject({ read: count, write: count }).partial().nullish(),
});

const toolStateSchema = z.looseObject({
  status: text(),
  input: z.record(z.string(), z.unknown()).nullish(),
  output: z.unknown().optional(),
  error: z.unknown().optional(),
  time: z.looseObject({ start: time, end: time }).nullish(),
});

const partSchema = z.looseObject({
  type: text(),
  text: z.unknown().optional(),
  synthetic: z.boolean().nullish(),
  ignored: z.boolean().nullish(),
  tool: text().optional(),
  callID: text().nullish(),
  state: toolStateSchema.optional(),
  tokens: tokensSchema.optional(),
});
export type OpenCodePart = z.infer<typeof partSchema>;

const messageInfoSchema = z.looseObject({
  id: text(),
  role: text(),
  time: z.looseObject({ created: time, completed: time }).nullish(),
  modelID: text().nullish(),
  providerID: text().nullish(),
  model: z.looseObject({ modelID: text().nullish(), providerID: text().nullish() }).nullish(),
  tokens: tokensSchema.nullish(),
  error: z.looseObject({ name: text().nullish() }).nullish(),
  path: z.looseObject({ cwd: text().nullish(), root: text().nullish() }).nullish(),
});
export type OpenCodeMessageInfo = z.infer<typeof messageInfoSchema>;

const messageSchema = z.looseObject({ info: messageInfoSchema, parts: z.array(z.unknown()).default([]) });

const sessionInfoSchema = z.looseObject({
  id: nonEmptyText(),
  parentID: text().nullish(),
  directory: text().nullish(),
  title: text().nullish(),
  time: z.looseObject({ created: time, updated: time }).nullish(),
});

export interface OpenCodeMessage {
  info: OpenCodeMessageInfo;
  parts: OpenCodePart[];
}

export interface OpenCodeSession {
  info: z.infer<typeof sessionInfoSchema>;
  messages: OpenCodeMessage[];
  children: OpenCodeSession[];
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Whether a JSON value is an OpenCode session document: `info` with a `ses_` id (or a `projectID`) and a `messages` array. */
export function looksLikeOpenCodeSession(value: unknown): boolean {
  if (!isObject(value) || !isObject(value.info) || !Array.isArray(value.messages)) return false;
  const info = value.info;
  return typeof info.id === "string" && (info.id.startsWith("ses_") || typeof info.projectID === "string");
}

const at = (prefix: string, field: string | null) => (field === null ? prefix : `${prefix}.${field}`);

/** Reads one session document (its `children` too); each message or part that cannot be read is an error naming its field. */
export function readOpenCodeSession(
  value: unknown,
  line: number,
  prefix = "",
): { session: OpenCodeSession | null; errors: RecordError[] } {
  const errors: RecordError[] = [];
  const o = isObject(value) ? value : {};
  const info = sessionInfoSchema.safeParse(o.info);
  if (!info.success) {
    const e = recordError(info.error, line);
    return { session: null, errors: [{ ...e, field: at(`${prefix}info`, e.field) }] };
  }
  const messages: OpenCodeMessage[] = [];
  (Array.isArray(o.messages) ? o.messages : []).forEach((m, i) => {
    const parsed = messageSchema.safeParse(m);
    if (!parsed.success) {
      const e = recordError(parsed.error, line);
      errors.push({ ...e, field: at(`${prefix}messages.${i}`, e.field) });
      return;
    }
    const parts: OpenCodePart[] = [];
    parsed.data.parts.forEach((p, j) => {
      const part = partSchema.safeParse(p);
      if (part.success) parts.push(part.data);
      else {
        const e = recordError(part.error, line);
        errors.push({ ...e, field: at(`${prefix}messages.${i}.parts.${j}`, e.field) });
      }
    });
    messages.push({ info: parsed.data.info, parts });
  });
  const children: OpenCodeSession[] = [];
  (Array.isArray(o.children) ? o.children : []).forEach((c, i) => {
    const child = readOpenCodeSession(c, line, `${prefix}children.${i}.`);
    errors.push(...child.errors);
    if (child.session) children.push(child.session);
  });
  return { session: { info: info.data, messages, children }, errors };
}
