import { gzipSync } from "node:zlib";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { POST as postLogs } from "@/app/v1/logs/route";
import { POST as postMetrics } from "@/app/v1/metrics/route";
import { getDb } from "@/db/client";
import { liveEventRows, liveMetricCost } from "@/db/queries/otel";
import { insertProject } from "@/db/queries/projects";
import { otelEvents, otelMetricPoints } from "@/db/schema";
import type { TokenPermission } from "@/lib/auth/access";
import { liveRows } from "@/lib/otlp/live";
import { issueToken } from "@/lib/server/auth/issue-token";
import {
  claudeCodeLogs,
  claudeCodeMetrics,
  encodeLogsRequest,
  encodeMetricsRequest,
  type BatchCounts,
} from "@/test/factories/otlp";
import { postRaw } from "./ingest-client";
import { seedAdmin } from "./support/auth";

/**
 * The OTLP receiver end to end on the real route handlers and database: Claude Code-shaped batches in JSON, protobuf
 * and gzip are stored once each (a batch sent again adds nothing), counted against what the batches were built with;
 * a token must be allowed to upload to the project; a bad payload is refused naming its field.
 */

const BASE = "http://localhost:3000/v1";
let projectId: number;
let otherId: number;
let scoped: string;

async function token(permissions: TokenPermission[], projectIds: number[] | null): Promise<string> {
  const { user } = await seedAdmin();
  return (await issueToken(getDb(), { userId: user.id, name: permissions.join("+"), permissions, projectIds })).token;
}

type Encoding = "json" | "protobuf" | "gzip-json" | "gzip-protobuf";

function body(
  encoding: Encoding,
  request: Record<string, unknown>,
  encode: (r: Record<string, unknown>) => Uint8Array,
): { bytes: Uint8Array; headers: Record<string, string> } {
  const protobuf = encoding.endsWith("protobuf");
  const raw = protobuf ? encode(request) : Buffer.from(JSON.stringify(request));
  const gzip = encoding.startsWith("gzip");
  return {
    bytes: gzip ? gzipSync(raw) : raw,
    headers: {
      "content-type": protobuf ? "application/x-protobuf" : "application/json",
      ...(gzip ? { "content-encoding": "gzip" } : {}),
    },
  };
}

async function send(
  path: "logs" | "metrics",
  secret: string | null,
  payload: { bytes: Uint8Array; headers: Record<string, string> },
) {
  const handler = path === "logs" ? postLogs : postMetrics;
  const headers = { ...payload.headers, ...(secret ? { authorization: `Bearer ${secret}` } : {}) };
  const response = await handler(
    new Request(`${BASE}/${path}`, { method: "POST", headers, body: payload.bytes as BodyInit }),
  );
  const text = response.headers.get("content-type")?.includes("json") ? await response.text() : "";
  return {
    status: response.status,
    type: response.headers.get("content-type"),
    json: text ? (JSON.parse(text) as Record<string, unknown>) : null,
  };
}

const logs = (encoding: Encoding, request: Record<string, unknown>) => body(encoding, request, encodeLogsRequest);

async function storedEvents(project = projectId) {
  const rows = await getDb()
    .select({
      name: otelEvents.name,
      n: sql<number>`count(*)`.mapWith(Number),
      cost: sql<number>`coalesce(sum(${otelEvents.costUsd}), 0)`.mapWith(Number),
      failures: sql<number>`sum(case when ${otelEvents.success} = 0 then 1 else 0 end)`.mapWith(Number),
      rejections: sql<number>`sum(case when ${otelEvents.decision} = 'reject' then 1 else 0 end)`.mapWith(Number),
    })
    .from(otelEvents)
    .where(eq(otelEvents.projectId, project))
    .groupBy(otelEvents.name)
    .all();
  const of = (name: string) => rows.find((r) => r.name === name);
  return {
    events: rows.reduce((s, r) => s + r.n, 0),
    apiRequests: of("api_request")?.n ?? 0,
    costUsd: of("api_request")?.cost ?? 0,
    apiErrors: of("api_error")?.n ?? 0,
    toolResults: of("tool_result")?.n ?? 0,
    toolFailures: of("tool_result")?.failures ?? 0,
    decisions: of("tool_decision")?.n ?? 0,
    rejections: of("tool_decision")?.rejections ?? 0,
    prompts: of("user_prompt")?.n ?? 0,
  };
}

const sum = (batches: BatchCounts[]): BatchCounts =>
  batches.reduce(
    (a, b) =>
      Object.fromEntries(
        Object.keys(a).map((k) => [k, a[k as keyof BatchCounts] + b[k as keyof BatchCounts]]),
      ) as unknown as BatchCounts,
  );

beforeAll(async () => {
  await seedAdmin();
  projectId = (await insertProject(getDb(), "telemetry", "telemetry"))!.id;
  otherId = (await insertProject(getDb(), "elsewhere", "elsewhere"))!.id;
  scoped = await token(["ingest"], [projectId]);
});

describe("POST /v1/logs", () => {
  it("stores Claude Code's events from JSON, protobuf and gzipped batches once each, and a batch sent again adds nothing", async () => {
    const encodings: Encoding[] = ["json", "protobuf", "gzip-json", "gzip-protobuf"];
    const built: BatchCounts[] = [];
    for (const [i, encoding] of encodings.entries()) {
      const batch = claudeCodeLogs({
        sessions: 3,
        eventsPerSession: 17,
        sessionId: (s) => `${encoding}-session-${s}`,
        startMs: Date.now() - 60_000 + i,
      });
      built.push(batch.counts);
      const first = await send("logs", scoped, logs(encoding, batch.request));
      expect(first.status).toBe(200);
      if (encoding.endsWith("protobuf")) expect(first.type).toBe("application/x-protobuf");
      else expect(first.json).toEqual({ accepted: batch.counts.events, duplicates: 0 });
      const again = await send("logs", scoped, logs(encoding, batch.request));
      expect(again.status).toBe(200);
      if (!encoding.endsWith("protobuf")) expect(again.json).toEqual({ accepted: 0, duplicates: batch.counts.events });
    }
    const expected = sum(built);
    const stored = await storedEvents();
    expect({ ...stored, costUsd: Number(stored.costUsd.toFixed(6)) }).toEqual({
      ...expected,
      costUsd: Number(expected.costUsd.toFixed(6)),
    });
  });

  it("counts the same event sent as JSON and then as protobuf once", async () => {
    const batch = claudeCodeLogs({ sessions: 1, eventsPerSession: 9, sessionId: () => "cross-encoding" });
    const before = (await storedEvents()).events;
    await send("logs", scoped, logs("json", batch.request));
    const again = await send("logs", scoped, logs("gzip-protobuf", batch.request));
    expect(again.status).toBe(200);
    expect((await storedEvents()).events - before).toBe(9);
  });

  it("stores into the project the resource names, when the token may upload there", async () => {
    const admin = await token(["ingest"], null);
    const batch = claudeCodeLogs({ sessions: 2, eventsPerSession: 5, project: "elsewhere" });
    expect((await send("logs", admin, logs("json", batch.request))).status).toBe(200);
    expect((await storedEvents(otherId)).events).toBe(10);
  });

  it("refuses a request without a token (401), a project the token is not scoped to (404), a read-only token (403)", async () => {
    const batch = claudeCodeLogs({ sessions: 1, eventsPerSession: 3, project: "telemetry" });
    expect((await send("logs", null, logs("json", batch.request))).status).toBe(401);
    const elsewhere = claudeCodeLogs({ sessions: 1, eventsPerSession: 3, project: "elsewhere" });
    expect((await send("logs", scoped, logs("json", elsewhere.request))).status).toBe(404);
    const readOnly = await token(["read"], [projectId]);
    const refused = await send("logs", readOnly, logs("protobuf", batch.request));
    expect(refused.status).toBe(403);
    expect((await storedEvents(otherId)).events).toBe(10);
  });

  it("asks for the project when neither the resource nor the token names one", async () => {
    const everywhere = await token(["ingest"], null);
    const answer = await send(
      "logs",
      everywhere,
      logs("json", claudeCodeLogs({ sessions: 1, eventsPerSession: 2 }).request),
    );
    expect(answer.status).toBe(422);
    expect(JSON.stringify(answer.json)).toContain("resourceLogs.0.resource.attributes.starlight.project");
  });

  it("refuses a bad payload with a 4xx naming the field, and stores none of it", async () => {
    const before = (await storedEvents()).events;
    const batch = claudeCodeLogs({ sessions: 1, eventsPerSession: 6, sessionId: () => "bad-batch" });
    const records = (
      batch.request.resourceLogs as {
        scopeLogs: { logRecords: { attributes: { key: string; value: unknown }[] }[] }[];
      }[]
    )[0]!.scopeLogs[0]!.logRecords;
    records[2]!.attributes.find((a) => a.key === "success")!.value = { stringValue: "maybe" };
    const answer = await send("logs", scoped, logs("json", batch.request));
    expect(answer.status).toBe(422);
    const details = (answer.json as { error: { details: { field: string }[] } }).error.details;
    expect(details.map((d) => d.field)).toContain("resourceLogs.0.scopeLogs.0.logRecords.2.attributes.success");
    const shape = await send("logs", scoped, {
      bytes: Buffer.from(
        JSON.stringify({ resourceLogs: [{ scopeLogs: [{ logRecords: [{ timeUnixNano: "soon" }] }] }] }),
      ),
      headers: { "content-type": "application/json" },
    });
    expect(shape.status).toBe(422);
    expect(JSON.stringify(shape.json)).toContain("resourceLogs.0.scopeLogs.0.logRecords.0.timeUnixNano");
    expect(
      (
        await send("logs", scoped, {
          bytes: Uint8Array.from([0x0a, 0x7f, 0x01]),
          headers: { "content-type": "application/x-protobuf" },
        })
      ).status,
    ).toBe(400);
    expect(
      (await send("logs", scoped, { bytes: Buffer.from("{}"), headers: { "content-type": "text/plain" } })).status,
    ).toBe(415);
    expect((await storedEvents()).events).toBe(before);
  });

  it("refuses a body that inflates past the limit (413)", async () => {
    const bomb = gzipSync(Buffer.alloc(17 * 1024 * 1024, 0x20));
    const answer = await send("logs", scoped, {
      bytes: bomb,
      headers: { "content-type": "application/json", "content-encoding": "gzip" },
    });
    expect(answer.status).toBe(413);
  });
});

describe("POST /v1/metrics and the live panel", () => {
  it("stores delta cost points once, and a cumulative series' latest total, in every encoding", async () => {
    const start = Date.now() - 120_000;
    const delta = claudeCodeMetrics({ sessions: 2, points: 3, project: "telemetry", startMs: start });
    for (const encoding of ["json", "protobuf", "gzip-protobuf"] as const) {
      expect((await send("metrics", scoped, body(encoding, delta.request, encodeMetricsRequest))).status).toBe(200);
    }
    const cost = async () =>
      (await getDb()
        .select({ v: sql<number>`sum(${otelMetricPoints.value})`.mapWith(Number) })
        .from(otelMetricPoints)
        .where(sql`${otelMetricPoints.projectId} = ${projectId} and ${otelMetricPoints.name} = 'cost.usage'`)
        .get())!.v;
    expect(await cost()).toBeCloseTo(delta.costUsd, 9);
    const cumulative = claudeCodeMetrics({
      sessions: 1,
      points: 4,
      project: "telemetry",
      startMs: start - 1,
      temporality: 2,
    });
    expect((await send("metrics", scoped, body("json", cumulative.request, encodeMetricsRequest))).status).toBe(200);
    expect(await cost()).toBeCloseTo(delta.costUsd + cumulative.costUsd, 9);
  });

  it("shows per person the sessions whose transcript has not arrived, and drops a session once it does", async () => {
    const sessionId = "0c0c0c0c-0000-4000-8000-00000000cafe";
    const batch = claudeCodeLogs({
      sessions: 1,
      eventsPerSession: 8,
      sessionId: () => sessionId,
      person: () => "solo@team.test",
    });
    await send("logs", scoped, logs("json", batch.request));
    const panel = async () =>
      liveRows(await liveEventRows(getDb(), [projectId], 0), await liveMetricCost(getDb(), [projectId], 0)).find(
        (r) => r.person === "solo@team.test",
      );
    expect(await panel()).toMatchObject({
      sessions: 1,
      apiRequests: batch.counts.apiRequests,
      toolResults: batch.counts.toolResults,
      apiErrors: batch.counts.apiErrors,
    });
    expect((await panel())!.costUsd).toBeCloseTo(batch.counts.costUsd, 9);
    const base = { sessionId, cwd: "/work/telemetry", version: "2.1.90", isSidechain: false, parentUuid: null };
    const transcript = [
      {
        ...base,
        uuid: "u1",
        type: "user",
        timestamp: "2026-12-01T10:00:00Z",
        message: { role: "user", content: "Fix the build" },
      },
      {
        ...base,
        uuid: "u2",
        type: "assistant",
        timestamp: "2026-12-01T10:00:01Z",
        message: {
          id: "m1",
          role: "assistant",
          model: "claude-sonnet-4-5",
          content: [{ type: "text", text: "Done." }],
        },
      },
    ];
    const stored = await postRaw(transcript.map((l) => JSON.stringify(l)).join("\n"), {
      project: "telemetry",
      name: `${sessionId}.jsonl`,
    });
    expect(stored.body.totals.accepted).toBe(1);
    expect(await panel()).toBeUndefined();
  });
});
