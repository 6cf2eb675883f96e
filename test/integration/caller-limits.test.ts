import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { POST as ingest } from "@/app/api/v1/ingest/route";
import { POST as mcp } from "@/app/api/v1/mcp/route";
import { generateAcosTrajectories, toJsonl } from "@/test/factories/generate/acos";
import { MAX_MCP_BATCH } from "@/lib/mcp/batch";
import { createUser } from "@/lib/server/auth/accounts";
import { issueToken } from "@/lib/server/auth/issue-token";
import { getDb } from "@/db/client";

// What one caller may take of a shared instance: requests per minute counted per token and per person, MCP batches
// capped, and uploads and MCP requests under way at once per person. Each test is a person of its own.
process.env.STARLIGHT_INGEST_PER_MINUTE = "3";
process.env.STARLIGHT_MCP_PER_MINUTE = "15";
process.env.STARLIGHT_UPLOADS_CONCURRENT = "2";
process.env.STARLIGHT_MCP_CONCURRENT = "2";
process.env.STARLIGHT_UPLOAD_IDLE_SECONDS = "1";
// Uploads' temp folders go here, so the test sees what is left of them.
const spills = fs.mkdtempSync(path.join(os.tmpdir(), "starlight-limits-"));
const tmpdir = process.env.TMPDIR;
process.env.TMPDIR = spills;
afterAll(() => {
  if (tmpdir === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = tmpdir;
  fs.rmSync(spills, { recursive: true, force: true });
});

let people = 0;

/** A new person (an admin, who may upload anywhere) with `count` API tokens of their own. */
async function person(count: number): Promise<string[]> {
  const n = ++people;
  const user = await createUser(getDb(), {
    email: `caller-${n}@starlight.test`,
    name: `Caller ${n}`,
    password: "caller-password-1",
    isAdmin: true,
  });
  const tokens: string[] = [];
  for (let i = 0; i < count; i++)
    tokens.push(
      (
        await issueToken(getDb(), {
          userId: user.id,
          name: `token ${i}`,
          permissions: ["read", "ingest"],
          projectIds: null,
        })
      ).token,
    );
  return tokens;
}

const ACOS = toJsonl(generateAcosTrajectories({ seed: 42, count: 1, idPrefix: "limits" }));

function upload(token: string, body: BodyInit) {
  return ingest(
    new Request("http://127.0.0.1:3000/api/v1/ingest?project=limits", {
      method: "POST",
      headers: { authorization: `Bearer ${token}` },
      body,
      duplex: "half",
    } as RequestInit),
  );
}

const searches = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    jsonrpc: "2.0",
    id: i + 1,
    method: "tools/call",
    params: { name: "search_memories", arguments: { q: `word${i}` } },
  }));

function mcpPost(token: string, body: BodyInit) {
  const headers = {
    authorization: `Bearer ${token}`,
    "content-type": "application/json",
    accept: "application/json, text/event-stream",
  };
  return mcp(
    new Request("http://127.0.0.1:3000/api/v1/mcp", { method: "POST", headers, body, duplex: "half" } as RequestInit),
  );
}

/**
 * A request body that sends `first` once it is read, then nothing until released (then `rest`, and ends): a client
 * still uploading. `reading` settles once the server has started to read it.
 */
function heldBody(first: string, rest = "") {
  const encoder = new TextEncoder();
  let started!: () => void;
  let release!: () => void;
  const reading = new Promise<void>((resolve) => (started = resolve));
  const released = new Promise<void>((resolve) => (release = resolve));
  let pulls = 0;
  const stream = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (pulls++ === 0) {
          started();
          if (first) return controller.enqueue(encoder.encode(first));
        }
        await released;
        if (rest) controller.enqueue(encoder.encode(rest));
        controller.close();
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, reading, release };
}

describe("rate limits count per person as well as per token", () => {
  it("a new token of the same person starts with what the person has left, not a full allowance", async () => {
    const [first, second] = await person(2);
    for (let i = 0; i < 3; i++) expect((await upload(first!, ACOS)).status).not.toBe(429);
    const refused = await upload(second!, ACOS);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
  });
});

describe("the MCP server's limits per caller", () => {
  it("refuses a batch over the cap with a JSON-RPC error naming it, before running any of it", async () => {
    const [token] = await person(1);
    const response = await mcpPost(token!, JSON.stringify(searches(MAX_MCP_BATCH + 1)));
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { code: number; message: string } };
    expect(body.error.code).toBe(-32600);
    expect(body.error.message).toContain(`at most ${MAX_MCP_BATCH} messages`);
  });

  it("counts each message of a batch against the token and the person: a second token of the same person gets only what is left", async () => {
    const [first, second] = await person(2);
    const answered = await mcpPost(first!, JSON.stringify(searches(MAX_MCP_BATCH)));
    expect(answered.status).toBe(200);
    expect(((await answered.json()) as unknown[]).length).toBe(MAX_MCP_BATCH);
    const refused = await mcpPost(second!, JSON.stringify(searches(MAX_MCP_BATCH)));
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(((await refused.json()) as { error: { code: number } }).error.code).toBe(-32000);
  });

  it("runs a batch's calls one at a time, letting the event loop turn between them", async () => {
    const [token] = await person(1);
    let turns = 0;
    let done = false;
    const tick = () => {
      turns += 1;
      if (!done) setImmediate(tick);
    };
    setImmediate(tick);
    const response = await mcpPost(token!, JSON.stringify(searches(MAX_MCP_BATCH)));
    done = true;
    expect(response.status).toBe(200);
    expect(turns).toBeGreaterThanOrEqual(MAX_MCP_BATCH);
  });

  it("lets a person have 2 requests under way; a third is refused with 429 and Retry-After, and goes once one ends", async () => {
    const [token] = await person(1);
    const held = [heldBody("", JSON.stringify(searches(1)[0])), heldBody("", JSON.stringify(searches(1)[0]))];
    const running = held.map((h) => mcpPost(token!, h.stream));
    await Promise.all(held.map((h) => h.reading));
    const refused = await mcpPost(token!, JSON.stringify(searches(1)[0]));
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe("too_busy");
    expect(refused.headers.get("retry-after")).not.toBeNull();
    for (const h of held) h.release();
    expect((await Promise.all(running)).map((r) => r.status)).toEqual([200, 200]);
    expect((await mcpPost(token!, JSON.stringify(searches(1)[0]))).status).toBe(200);
  });
});

describe("uploads under way", () => {
  it("lets a person have 2 uploads under way; a third is refused with 429 and Retry-After", async () => {
    const [token] = await person(1);
    const held = [heldBody(ACOS.slice(0, 10), ACOS.slice(10)), heldBody(ACOS.slice(0, 10), ACOS.slice(10))];
    const running = held.map((h) => upload(token!, h.stream));
    await Promise.all(held.map((h) => h.reading));
    const refused = await upload(token!, ACOS);
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe("too_busy");
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    for (const h of held) h.release();
    expect((await Promise.all(running)).map((r) => r.status)).toEqual([200, 200]);
  });

  it("answers 408 to a body that stops sending, and removes its temp folder", async () => {
    const [token] = await person(1);
    const stalled = heldBody(ACOS.slice(0, 10));
    const response = await upload(token!, stalled.stream);
    expect(response.status).toBe(408);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe("upload_idle");
    expect(fs.readdirSync(spills)).toEqual([]);
    stalled.release();
  });
});
