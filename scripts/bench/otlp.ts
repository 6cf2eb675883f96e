/**
 * The OTLP receiver's throughput: Claude Code-shaped log batches (test/factories/otlp.ts; 20 sessions of 50 events a
 * batch, about Claude Code's 512-record export batch) through the receiver's own path (the body read as a request's,
 * gzip inflated, protobuf or JSON decoded, zod-validated, mapped, redacted and stored in one transaction per batch),
 * in process against a fresh database of each engine, as events per second: protobuf+gzip (what a team's exporter
 * sends with http/protobuf), JSON, and the same protobuf batches sent again (every event a duplicate).
 */
import { gzipSync } from "node:zlib";
import type { Db } from "@/db/client";
import { insertProject } from "@/db/queries/projects";
import type { PublicUser } from "@/db/queries/users";
import { readOtlpBody } from "@/lib/http/otlp-body";
import { decodeLogsRequest } from "@/lib/otlp/proto";
import { logsRequest } from "@/lib/otlp/schema";
import type { SignedIn } from "@/lib/server/auth/caller";
import { receiveLogs } from "@/lib/server/otlp";
import { claudeCodeLogs, encodeLogsRequest } from "../../test/factories/otlp";
import type { Databases, Engine } from "./databases";
import { rate } from "./results";

const SESSIONS_PER_BATCH = 20;
const EVENTS_PER_SESSION = 50;

export interface OtlpRun {
  encoding: "protobuf+gzip" | "json" | "protobuf+gzip again";
  events: number;
  stored: number;
  seconds: number;
  eventsPerSecond: number;
}

export interface OtlpFigures {
  runs: OtlpRun[];
}

type Body = { bytes: Uint8Array; headers: Record<string, string> };

function batches(
  events: number,
  tag: string,
  encode: (request: Record<string, unknown>) => Body,
): { bodies: Body[]; events: number } {
  const count = Math.max(1, Math.round(events / (SESSIONS_PER_BATCH * EVENTS_PER_SESSION)));
  const bodies = Array.from({ length: count }, (_, b) => {
    const { request } = claudeCodeLogs({
      sessions: SESSIONS_PER_BATCH,
      eventsPerSession: EVENTS_PER_SESSION,
      sessionId: (s) => `${tag}-${b}-${s}`,
      person: (s) => `dev${s % 7}@team.test`,
      startMs: Date.UTC(2026, 11, 1) + b * 10_000_000,
    });
    return encode(request);
  });
  return { bodies, events: count * SESSIONS_PER_BATCH * EVENTS_PER_SESSION };
}

const protobufGzip = (request: Record<string, unknown>): Body => ({
  bytes: gzipSync(encodeLogsRequest(request)),
  headers: { "content-type": "application/x-protobuf", "content-encoding": "gzip" },
});
const json = (request: Record<string, unknown>): Body => ({
  bytes: Buffer.from(JSON.stringify(request)),
  headers: { "content-type": "application/json" },
});

async function send(db: Db, caller: SignedIn, bodies: Body[]): Promise<{ stored: number; ms: number }> {
  let stored = 0;
  const started = performance.now();
  for (const body of bodies) {
    const request = new Request("http://localhost/v1/logs", {
      method: "POST",
      headers: body.headers,
      body: body.bytes as BodyInit,
    });
    const { payload } = await readOtlpBody(request, logsRequest, decodeLogsRequest);
    stored += (await receiveLogs(db, caller, payload)).accepted;
  }
  return { stored, ms: performance.now() - started };
}

/** The runs on one engine, `events` events per encoding. */
export async function benchOtlp(databases: Databases, engine: Engine, events: number): Promise<OtlpFigures> {
  const place = await databases.fresh(engine, "otlp");
  const db = place.open();
  try {
    const project = (await insertProject(db, "telemetry", "telemetry"))!;
    const caller: SignedIn = {
      kind: "token",
      user: { id: 1, email: "bench@starlight.test", name: "Bench" } as PublicUser,
      access: {
        admin: false,
        roles: new Map([[project.id, "member" as const]]),
        token: { permissions: ["ingest"], projects: [project.id] },
      },
      token: { id: 1, prefix: "sl_bench" },
      ip: "127.0.0.1",
    };
    const proto = batches(events, "proto", protobufGzip);
    const asJson = batches(events, "json", json);
    const runs: OtlpRun[] = [];
    const record = (encoding: OtlpRun["encoding"], total: number, result: { stored: number; ms: number }) =>
      runs.push({
        encoding,
        events: total,
        stored: result.stored,
        seconds: result.ms / 1000,
        eventsPerSecond: rate(total, result.ms),
      });
    record("protobuf+gzip", proto.events, await send(db, caller, proto.bodies));
    record("json", asJson.events, await send(db, caller, asJson.bodies));
    record("protobuf+gzip again", proto.events, await send(db, caller, proto.bodies));
    for (const r of runs)
      console.log(
        `OTLP ${engine} ${r.encoding}: ${r.events} events (${r.stored} stored) in ${r.seconds.toFixed(2)} s = ${Math.round(r.eventsPerSecond)} events/s`,
      );
    return { runs };
  } finally {
    await db.$executor.close();
    await place.drop();
  }
}
