/**
 * Claude Code-shaped OTLP batches for tests and the bench, with what they hold counted as they are built (not by the
 * code under test), and a protobuf encoder of OTLP's request messages written from the .proto field numbers
 * (opentelemetry-proto logs/v1, metrics/v1, common/v1), independent of the decoder in lib/otlp/proto.ts.
 */

type Json = Record<string, unknown>;

// ---- protobuf encoding -------------------------------------------------------------------------------------------

function varint(value: bigint): number[] {
  const out: number[] = [];
  let v = BigInt.asUintN(64, value);
  do {
    const byte = Number(v & 0x7fn);
    v >>= 7n;
    out.push(v === 0n ? byte : byte | 0x80);
  } while (v !== 0n);
  return out;
}

class Writer {
  readonly bytes: number[] = [];
  private key(field: number, type: number) {
    this.bytes.push(...varint(BigInt((field << 3) | type)));
  }
  string(field: number, value: string) {
    this.message(field, [...Buffer.from(value, "utf8")]);
  }
  message(field: number, bytes: number[]) {
    this.key(field, 2);
    this.bytes.push(...varint(BigInt(bytes.length)), ...bytes);
  }
  varint(field: number, value: bigint) {
    this.key(field, 0);
    this.bytes.push(...varint(value));
  }
  fixed64(field: number, value: bigint) {
    this.key(field, 1);
    const b = Buffer.alloc(8);
    b.writeBigUInt64LE(BigInt.asUintN(64, value));
    this.bytes.push(...b);
  }
  double(field: number, value: number) {
    this.key(field, 1);
    const b = Buffer.alloc(8);
    b.writeDoubleLE(value);
    this.bytes.push(...b);
  }
}

function encodeAny(value: Json): number[] {
  const w = new Writer();
  if (typeof value.stringValue === "string") w.string(1, value.stringValue);
  else if (typeof value.boolValue === "boolean") w.varint(2, value.boolValue ? 1n : 0n);
  else if (value.intValue !== undefined) w.varint(3, BigInt(value.intValue as string));
  else if (typeof value.doubleValue === "number") w.double(4, value.doubleValue);
  return w.bytes;
}

function encodeKeyValue(kv: Json): number[] {
  const w = new Writer();
  w.string(1, kv.key as string);
  w.message(2, encodeAny(kv.value as Json));
  return w.bytes;
}

function encodeAttributes(w: Writer, field: number, attributes: Json[] | undefined) {
  for (const kv of attributes ?? []) w.message(field, encodeKeyValue(kv));
}

function encodeResource(resource: Json | undefined): number[] {
  const w = new Writer();
  encodeAttributes(w, 1, resource?.attributes as Json[]);
  return w.bytes;
}

function encodeLogRecord(record: Json): number[] {
  const w = new Writer();
  if (record.timeUnixNano !== undefined) w.fixed64(1, BigInt(record.timeUnixNano as string));
  if (record.body) w.message(5, encodeAny(record.body as Json));
  encodeAttributes(w, 6, record.attributes as Json[]);
  return w.bytes;
}

/** ExportLogsServiceRequest from its OTLP/JSON shape. */
export function encodeLogsRequest(request: Json): Uint8Array {
  const w = new Writer();
  for (const rl of request.resourceLogs as Json[]) {
    const r = new Writer();
    r.message(1, encodeResource(rl.resource as Json));
    for (const sl of rl.scopeLogs as Json[]) {
      const s = new Writer();
      s.message(
        1,
        (() => {
          const sc = new Writer();
          sc.string(1, "com.anthropic.claude_code.events");
          return sc.bytes;
        })(),
      );
      for (const record of sl.logRecords as Json[]) s.message(2, encodeLogRecord(record));
      r.message(2, s.bytes);
    }
    w.message(1, r.bytes);
  }
  return Uint8Array.from(w.bytes);
}

function encodePoint(point: Json): number[] {
  const w = new Writer();
  if (point.startTimeUnixNano !== undefined) w.fixed64(2, BigInt(point.startTimeUnixNano as string));
  w.fixed64(3, BigInt(point.timeUnixNano as string));
  if (typeof point.asDouble === "number") w.double(4, point.asDouble);
  encodeAttributes(w, 7, point.attributes as Json[]);
  return w.bytes;
}

/** ExportMetricsServiceRequest from its OTLP/JSON shape (sums only, as Claude Code sends). */
export function encodeMetricsRequest(request: Json): Uint8Array {
  const w = new Writer();
  for (const rm of request.resourceMetrics as Json[]) {
    const r = new Writer();
    r.message(1, encodeResource(rm.resource as Json));
    for (const sm of rm.scopeMetrics as Json[]) {
      const s = new Writer();
      for (const metric of sm.metrics as Json[]) {
        const m = new Writer();
        m.string(1, metric.name as string);
        const sum = metric.sum as Json;
        const data = new Writer();
        for (const point of sum.dataPoints as Json[]) data.message(1, encodePoint(point));
        data.varint(2, BigInt(sum.aggregationTemporality as number));
        data.varint(3, 1n);
        m.message(7, data.bytes);
        s.message(2, m.bytes);
      }
      r.message(2, s.bytes);
    }
    w.message(1, r.bytes);
  }
  return Uint8Array.from(w.bytes);
}

// ---- Claude Code batches -----------------------------------------------------------------------------------------

const str = (key: string, value: string) => ({ key, value: { stringValue: value } });

export interface BatchCounts {
  events: number;
  apiRequests: number;
  costUsd: number;
  apiErrors: number;
  toolResults: number;
  toolFailures: number;
  decisions: number;
  rejections: number;
  prompts: number;
}

export interface BatchOptions {
  sessions: number;
  /** Each session's events: a prompt, then rounds of decision, tool result and API request, and an error every fifth. */
  eventsPerSession: number;
  project?: string;
  person?: (session: number) => string;
  sessionId?: (session: number) => string;
  startMs?: number;
  /** Claude Code sends the prompt's text only with OTEL_LOG_USER_PROMPTS=1. */
  prompt?: string;
}

const NAMES = ["user_prompt", "tool_decision", "tool_result", "api_request", "api_error"] as const;

/** A logs request as Claude Code sends it (one resource per session's process), and what it holds. */
export function claudeCodeLogs(options: BatchOptions): { request: Json; counts: BatchCounts } {
  const counts: BatchCounts = {
    events: 0,
    apiRequests: 0,
    costUsd: 0,
    apiErrors: 0,
    toolResults: 0,
    toolFailures: 0,
    decisions: 0,
    rejections: 0,
    prompts: 0,
  };
  const start = options.startMs ?? Date.now();
  const resourceLogs = Array.from({ length: options.sessions }, (_, s) => {
    const sessionId = options.sessionId?.(s) ?? `5e55104e-0000-4000-8000-${String(s).padStart(12, "0")}`;
    const person = options.person?.(s) ?? `dev${s % 3}@team.test`;
    const resource = [
      str("service.name", "claude-code"),
      str("service.version", "2.1.90"),
      ...(options.project ? [str("starlight.project", options.project)] : []),
    ];
    const logRecords = Array.from({ length: options.eventsPerSession }, (_, i) => {
      const name = i === 0 ? "user_prompt" : i % 5 === 4 ? "api_error" : NAMES[1 + ((i - 1) % 3)]!;
      const at = start + s * 100_000 + i * 100;
      const attributes = [
        str("event.name", name),
        str("event.timestamp", new Date(at).toISOString()),
        { key: "event.sequence", value: { intValue: String(i) } },
        str("session.id", sessionId),
        str("user.email", person),
        str("user.account_uuid", `acct-${person}`),
        str("organization.id", "org-1"),
        str("terminal.type", "vscode"),
      ];
      counts.events += 1;
      if (name === "user_prompt") {
        counts.prompts += 1;
        attributes.push(str("prompt_length", "42"));
        if (options.prompt !== undefined) attributes.push(str("prompt", options.prompt));
      } else if (name === "tool_decision") {
        const reject = i % 7 === 1;
        counts.decisions += 1;
        if (reject) counts.rejections += 1;
        attributes.push(
          str("tool_name", "Bash"),
          str("decision", reject ? "reject" : "accept"),
          str("source", reject ? "user_reject" : "config"),
        );
      } else if (name === "tool_result") {
        const fail = i % 3 === 0;
        counts.toolResults += 1;
        if (fail) counts.toolFailures += 1;
        attributes.push(
          str("tool_name", "Bash"),
          str("success", fail ? "false" : "true"),
          str("duration_ms", "120"),
          ...(fail ? [str("error", "exit code 1")] : []),
        );
      } else if (name === "api_request") {
        const cost = 0.25 * ((i % 4) + 1);
        counts.apiRequests += 1;
        counts.costUsd += cost;
        attributes.push(
          str("model", "claude-sonnet-4-5"),
          str("cost_usd", String(cost)),
          str("input_tokens", "1000"),
          str("output_tokens", "200"),
          str("cache_read_tokens", "50"),
          str("cache_creation_tokens", "0"),
          str("duration_ms", "2300"),
        );
      } else {
        counts.apiErrors += 1;
        attributes.push(
          str("model", "claude-sonnet-4-5"),
          str("error", "overloaded"),
          str("status_code", "529"),
          str("attempt", "1"),
        );
      }
      return {
        timeUnixNano: `${at}000000`,
        observedTimeUnixNano: `${at}000000`,
        body: { stringValue: `claude_code.${name}` },
        attributes,
      };
    });
    return {
      resource: { attributes: resource },
      scopeLogs: [{ scope: { name: "com.anthropic.claude_code.events", version: "2.1.90" }, logRecords }],
    };
  });
  return { request: { resourceLogs }, counts };
}

/** A metrics request of cost.usage and token.usage points (delta, as Claude Code exports by default), and the cost it holds. */
export function claudeCodeMetrics(options: {
  sessions: number;
  points: number;
  project?: string;
  startMs?: number;
  temporality?: 1 | 2;
}): { request: Json; costUsd: number } {
  const start = options.startMs ?? Date.now();
  const temporality = options.temporality ?? 1;
  let costUsd = 0;
  const resourceMetrics = Array.from({ length: options.sessions }, (_, s) => {
    const base = [
      str("session.id", `3e7c0000-0000-4000-8000-${String(s).padStart(12, "0")}`),
      str("user.email", `dev${s % 3}@team.test`),
      str("model", "claude-sonnet-4-5"),
    ];
    const costPoints = Array.from({ length: options.points }, (_, p) => {
      const from = temporality === 1 ? start + p * 60_000 : start;
      const value = 0.5 * (p + 1);
      costUsd = temporality === 1 ? costUsd + value : costUsd;
      return {
        attributes: base,
        startTimeUnixNano: `${from}000000`,
        timeUnixNano: `${start + (p + 1) * 60_000}000000`,
        asDouble: value,
      };
    });
    if (temporality === 2) costUsd += 0.5 * options.points;
    const tokenPoints = [
      {
        attributes: [...base, str("type", "input")],
        startTimeUnixNano: `${start}000000`,
        timeUnixNano: `${start + 60_000}000000`,
        asDouble: 1000,
      },
    ];
    return {
      resource: {
        attributes: [
          str("service.name", "claude-code"),
          ...(options.project ? [str("starlight.project", options.project)] : []),
        ],
      },
      scopeMetrics: [
        {
          metrics: [
            {
              name: "claude_code.cost.usage",
              unit: "USD",
              sum: { dataPoints: costPoints, aggregationTemporality: temporality, isMonotonic: true },
            },
            {
              name: "claude_code.token.usage",
              unit: "tokens",
              sum: { dataPoints: tokenPoints, aggregationTemporality: temporality, isMonotonic: true },
            },
          ],
        },
      ],
    };
  });
  return { request: { resourceMetrics }, costUsd };
}
