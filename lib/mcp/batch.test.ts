import { describe, expect, it } from "vitest";
import { batchMessages, MAX_MCP_BATCH } from "./batch";

const call = (id: number) => ({
  jsonrpc: "2.0",
  id,
  method: "tools/call",
  params: { name: "search_memories", arguments: {} },
});

describe("batchMessages", () => {
  it("counts one message for a single request, and each message of a batch up to the cap", () => {
    expect(batchMessages(call(1))).toEqual({ ok: true, count: 1 });
    expect(batchMessages(Array.from({ length: MAX_MCP_BATCH }, (_, i) => call(i)))).toEqual({
      ok: true,
      count: MAX_MCP_BATCH,
    });
  });

  it("refuses a batch over the cap with a JSON-RPC invalid-request error naming the cap", () => {
    const answer = batchMessages(Array.from({ length: 100 }, (_, i) => call(i)));
    expect(answer.ok).toBe(false);
    if (answer.ok) return;
    expect(answer.refusal.status).toBe(400);
    expect(answer.refusal.body).toMatchObject({
      jsonrpc: "2.0",
      id: null,
      error: { code: -32600, data: { maxBatch: MAX_MCP_BATCH } },
    });
    expect(answer.refusal.body.error.message).toContain(`at most ${MAX_MCP_BATCH} messages`);
  });
});
