import { createHash } from "node:crypto";
import { z } from "zod";
import { identifierTooLong, MAX_IDENTIFIER } from "@/lib/ingest/identifier-limits";
import { redactDeep } from "@/lib/redact";
import { canonical, flatten, nanosToMs, plain, type Plain } from "./attributes";
import type { LogRecord, LogsRequest } from "./schema";

/**
 * Claude Code's OpenTelemetry events (code.claude.com/docs/en/monitoring-usage) as rows: the attributes Starlight
 * shows become columns, the rest is kept as JSON, everything redacted. Each event has a key derived from what
 * identifies it (name, session, timestamp, sequence), so a batch sent again stores nothing new.
 */

/** The resource attribute that names the project a team's events belong to (docs/opentelemetry.md). */
export const PROJECT_ATTRIBUTE = "starlight.project";

const PREFIX = "claude_code.";

/** Claude Code writes numbers as strings, and "undefined" where a value is absent (an error without an HTTP status). */
const absent = (value: unknown) => (value === "" || value === "undefined" || value === "null" ? undefined : value);
const number = z.preprocess(
  absent,
  z
    .union([
      z.number(),
      z
        .string()
        .trim()
        .regex(/^-?\d+(\.\d+)?([eE][-+]?\d+)?$/, "must be a number")
        .transform(Number),
    ])
    .optional(),
);
const count = z.preprocess(
  absent,
  z
    .union([
      z.number().int().nonnegative(),
      z.string().trim().regex(/^\d+$/, "must be a whole number").transform(Number),
    ])
    .optional(),
);
const flag = z.preprocess(
  absent,
  z.union([z.boolean(), z.enum(["true", "false"]).transform((s) => s === "true")]).optional(),
);
const words = z.union([z.string(), z.number().transform(String)]);

/** A session's id, as an event or a metric point names it: indexed, so at most MAX_IDENTIFIER characters. */
export const sessionIdAttribute = words.pipe(
  z.string().max(MAX_IDENTIFIER, { error: (issue) => identifierTooLong((issue.input as string).length) }),
);

/** The attributes Starlight reads, each checked when present (a cost that is not a number is refused, naming it). */
const known = z.object({
  "session.id": sessionIdAttribute.optional(),
  "user.email": z.string().optional(),
  "user.account_uuid": z.string().optional(),
  "user.id": z.string().optional(),
  "event.timestamp": z.iso.datetime({ offset: true }).optional(),
  "event.sequence": count.optional(),
  model: z.string().optional(),
  cost_usd: number.optional(),
  input_tokens: count.optional(),
  output_tokens: count.optional(),
  cache_read_tokens: count.optional(),
  cache_creation_tokens: count.optional(),
  tool_name: z.string().optional(),
  success: flag.optional(),
  decision: z.string().optional(),
  decision_type: z.string().optional(),
  source: z.string().optional(),
  decision_source: z.string().optional(),
  error: words.optional(),
  status_code: count.optional(),
  duration_ms: number.optional(),
  prompt_length: count.optional(),
  prompt: z.string().optional(),
});

const COLUMNS = new Set(Object.keys(known.shape));

export interface OtelEvent {
  key: string;
  /** Without the `claude_code.` prefix: api_request, api_error, tool_result, tool_decision, user_prompt, … */
  name: string;
  sessionId: string | null;
  /** The person: their email, else their account's id, as Claude Code sends them. */
  person: string | null;
  at: number;
  model: string | null;
  costUsd: number | null;
  inputTokens: number | null;
  outputTokens: number | null;
  cacheReadTokens: number | null;
  cacheCreationTokens: number | null;
  toolName: string | null;
  success: boolean | null;
  decision: string | null;
  decisionSource: string | null;
  error: string | null;
  statusCode: number | null;
  durationMs: number | null;
  promptLength: number | null;
  /** Only when Claude Code sends it (OTEL_LOG_USER_PROMPTS=1), redacted. */
  prompt: string | null;
  attributes: Record<string, Plain>;
}

/** The events of one resource (one Claude Code process), with the project its resource names, if any. */
export interface ResourceEvents {
  project: string | null;
  events: OtelEvent[];
}

export interface MappedLogs {
  resources: ResourceEvents[];
  /** Log records that are not Claude Code's events, left out. */
  ignored: number;
}

/** Claude Code names an event `claude_code.<name>` in its body (newer SDKs also in the record's event name); `event.name` holds the bare name. */
function eventName(record: LogRecord, attributes: Record<string, Plain>): string | null {
  const candidates = [attributes["event.name"], record.eventName, plain(record.body)];
  for (const candidate of candidates) {
    if (typeof candidate === "string" && candidate.startsWith(PREFIX)) return candidate.slice(PREFIX.length);
  }
  return null;
}

const hash = (parts: unknown[]) => createHash("sha256").update(JSON.stringify(parts)).digest("hex");

const orNull = <T>(value: T | undefined): T | null => (value === undefined ? null : value);

/** The refusal of a value, naming its place in the request. */
function refuse(error: z.ZodError, path: (string | number)[]): never {
  throw new z.ZodError(error.issues.map((issue) => ({ ...issue, path: [...path, ...issue.path] })));
}

function mapRecord(record: LogRecord, resource: Record<string, Plain>, path: (string | number)[]): OtelEvent | null {
  const attributes = { ...resource, ...flatten(record.attributes) };
  const name = eventName(record, attributes);
  if (name === null) return null;
  const parsed = known.safeParse(attributes);
  if (!parsed.success) refuse(parsed.error, [...path, "attributes"]);
  const a = parsed.data;
  const timestamp = a["event.timestamp"];
  const nanos = record.timeUnixNano ?? record.observedTimeUnixNano;
  if (timestamp === undefined && (nanos === undefined || String(nanos) === "0")) {
    refuse(
      new z.ZodError([
        {
          code: "custom",
          path: ["timeUnixNano"],
          message: "an event needs a time: timeUnixNano or the event.timestamp attribute",
          input: undefined,
        },
      ]),
      path,
    );
  }
  const at = timestamp !== undefined ? Date.parse(timestamp) : nanosToMs(nanos as string | number);
  const sessionId = orNull(a["session.id"]);
  const rest = Object.fromEntries(
    Object.entries(attributes).filter(
      ([key]) => !COLUMNS.has(key) && key !== "event.name" && key !== PROJECT_ATTRIBUTE,
    ),
  );
  const sequence = orNull(a["event.sequence"]);
  // Claude Code numbers each session's events; without that number, the event's own attributes tell two apart.
  const key = hash([
    name,
    sessionId,
    timestamp ?? String(nanos),
    sequence,
    sequence === null ? canonical(attributes) : null,
  ]);
  return redactDeep({
    key,
    name,
    sessionId,
    person: a["user.email"] ?? a["user.account_uuid"] ?? a["user.id"] ?? null,
    at,
    model: orNull(a.model),
    costUsd: orNull(a.cost_usd),
    inputTokens: orNull(a.input_tokens),
    outputTokens: orNull(a.output_tokens),
    cacheReadTokens: orNull(a.cache_read_tokens),
    cacheCreationTokens: orNull(a.cache_creation_tokens),
    toolName: orNull(a.tool_name),
    success: orNull(a.success),
    decision: a.decision ?? a.decision_type ?? null,
    decisionSource: a.source ?? a.decision_source ?? null,
    error: orNull(a.error),
    statusCode: orNull(a.status_code),
    durationMs: a.duration_ms === undefined ? null : Math.round(a.duration_ms),
    promptLength: orNull(a.prompt_length),
    prompt: orNull(a.prompt),
    attributes: rest,
  });
}

/** A logs request's Claude Code events, per resource; a value of the wrong type is refused naming its field. */
export function mapLogs(request: LogsRequest): MappedLogs {
  let ignored = 0;
  const resources = request.resourceLogs.map((resourceLogs, r): ResourceEvents => {
    const resource = flatten(resourceLogs.resource.attributes);
    const project = resource[PROJECT_ATTRIBUTE];
    const events: OtelEvent[] = [];
    resourceLogs.scopeLogs.forEach((scope, s) =>
      scope.logRecords.forEach((record, l) => {
        const event = mapRecord(record, resource, ["resourceLogs", r, "scopeLogs", s, "logRecords", l]);
        if (event) events.push(event);
        else ignored += 1;
      }),
    );
    return { project: typeof project === "string" && project.trim() !== "" ? project : null, events };
  });
  return { resources, ignored };
}
