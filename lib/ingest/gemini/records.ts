import { z } from "zod";
import { recordError } from "@/lib/ingest/record-error";
import { text } from "@/lib/ingest/schema-fields";
import type { LocatedValue, RecordError } from "@/lib/ingest/types";

/**
 * The records of a Gemini CLI session file (`ChatRecordingService`, packages/core/src/services/chatRecording*.ts):
 * a metadata record `{sessionId, projectHash, startTime, kind, directories}`, message records `{id, timestamp, type,
 * content, toolCalls, tokens, model}` (a message written again under its id replaces the earlier one, where it stood),
 * `{$set: {...}}` (metadata; `messages` in it replaces them all) and `{$rewindTo: id}` (drops that message and every
 * later one; an unknown id drops them all). An older file is one JSON object: the metadata with its `messages`.
 * Only the fields read are checked; the rest are kept as they came.
 */

const count = z.number().int().min(0).catch(0);

const toolCallSchema = z.looseObject({
  id: text().nullish(),
  name: text(),
  args: z.record(z.string(), z.unknown()).nullish(),
  status: text().nullish(),
  timestamp: text().nullish(),
});

const messageSchema = z.looseObject({
  id: text(),
  timestamp: text().nullish(),
  type: text(),
  content: z.unknown().optional(),
  displayContent: z.unknown().optional(),
  toolCalls: z.array(toolCallSchema).nullish(),
  tokens: z
    .looseObject({
      input: count,
      output: count,
      cached: count,
      thoughts: count.nullish(),
      tool: count.nullish(),
      total: count.nullish(),
    })
    .nullish(),
  model: text().nullish(),
});

export type GeminiMessage = z.infer<typeof messageSchema>;
export type GeminiToolCall = z.infer<typeof toolCallSchema>;

const metadataSchema = z.looseObject({
  sessionId: text().nullish(),
  projectHash: text().nullish(),
  startTime: text().nullish(),
  lastUpdated: text().nullish(),
  kind: text().nullish(),
  directories: z.array(text()).nullish(),
  summary: text().nullish(),
});

type Metadata = z.infer<typeof metadataSchema>;

/** A session as the Gemini CLI would load it, plus every version of its model messages ever written. */
export interface Conversation {
  sessionId: string | null;
  projectHash: string | null;
  startTime: string | null;
  lastUpdated: string | null;
  kind: string | null;
  directories: string[];
  summary: string | null;
  /** The messages that stand after every `$set` and `$rewindTo`, in order. */
  messages: GeminiMessage[];
  /**
   * Every `gemini` message ever written, by id (its last version with tokens), including those a rewind dropped:
   * their tokens were spent.
   */
  responses: Map<string, GeminiMessage>;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** What a record is, as `loadConversationRecord` tells them apart. */
function recordKind(value: unknown): "rewind" | "message" | "set" | "metadata" | null {
  if (!isObject(value)) return null;
  if (typeof value.$rewindTo === "string") return "rewind";
  if (typeof value.id === "string") return "message";
  if (isObject(value.$set)) return "set";
  if (typeof value.sessionId === "string" && typeof value.projectHash === "string") return "metadata";
  return null;
}

class Folding {
  readonly messages = new Map<string, GeminiMessage>();
  readonly responses = new Map<string, GeminiMessage>();
  meta: Metadata = {};
  readonly errors: RecordError[] = [];

  message(value: unknown, line: number, at: string): void {
    const parsed = messageSchema.safeParse(value);
    if (!parsed.success) {
      const error = recordError(parsed.error, line);
      this.errors.push({
        ...error,
        field: error.field === null ? at || null : at ? `${at}.${error.field}` : error.field,
      });
      return;
    }
    const m = parsed.data;
    this.messages.set(m.id, m);
    if (m.type === "gemini" && (m.tokens || !this.responses.has(m.id))) this.responses.set(m.id, m);
  }

  messagesOf(list: readonly unknown[], line: number, at: string): void {
    list.forEach((m, i) => this.message(m, line, `${at}.${i}`));
  }

  metadata(value: Record<string, unknown>, line: number, at: string): void {
    const parsed = metadataSchema.safeParse(value);
    if (!parsed.success) {
      const error = recordError(parsed.error, line);
      this.errors.push({ ...error, field: at && error.field ? `${at}.${error.field}` : error.field });
      return;
    }
    this.meta = { ...this.meta, ...parsed.data };
    if (Array.isArray(value.messages)) this.messagesOf(value.messages, line, at ? `${at}.messages` : "messages");
  }

  rewind(id: string): void {
    const ids = [...this.messages.keys()];
    const from = ids.indexOf(id);
    for (const dropped of from === -1 ? ids : ids.slice(from)) this.messages.delete(dropped);
  }

  record({ line, value }: LocatedValue): void {
    const kind = recordKind(value);
    const o = value as Record<string, unknown>;
    if (kind === "rewind") this.rewind(o.$rewindTo as string);
    else if (kind === "message") this.message(o, line, "");
    else if (kind === "set") {
      const set = o.$set as Record<string, unknown>;
      if (Array.isArray(set.messages)) this.messages.clear();
      this.metadata(set, line, "$set");
    } else if (kind === "metadata") this.metadata(o, line, "");
    else
      this.errors.push({
        line,
        field: null,
        message:
          "expected a Gemini CLI session record: metadata (sessionId, projectHash), a message (id, type), $set or $rewindTo",
      });
  }
}

/** The records of one session file (already redacted), folded into the conversation they leave, and the records that could not be read. */
export function foldConversation(records: readonly LocatedValue[]): {
  conversation: Conversation;
  errors: RecordError[];
} {
  const folding = new Folding();
  for (const record of records) folding.record(record);
  const m = folding.meta;
  const conversation: Conversation = {
    sessionId: m.sessionId ?? null,
    projectHash: m.projectHash ?? null,
    startTime: m.startTime ?? null,
    lastUpdated: m.lastUpdated ?? null,
    kind: m.kind ?? null,
    directories: m.directories ?? [],
    summary: m.summary ?? null,
    messages: [...folding.messages.values()],
    responses: folding.responses,
  };
  return { conversation, errors: folding.errors };
}
