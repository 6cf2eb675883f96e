/** JSON-RPC messages one MCP request may carry (a batch), at most: the SDK alone would take 100. */
export const MAX_MCP_BATCH = 10;

/** A JSON-RPC error answered for a whole request, as the MCP SDK's transport answers its own refusals. */
export interface JsonRpcRefusal {
  status: number;
  body: { jsonrpc: "2.0"; error: { code: number; message: string; data?: unknown }; id: null };
}

export function jsonRpcRefusal(status: number, code: number, message: string, data?: unknown): JsonRpcRefusal {
  return {
    status,
    body: { jsonrpc: "2.0", error: data === undefined ? { code, message } : { code, message, data }, id: null },
  };
}

/**
 * How many messages an MCP request's parsed body carries (a batch's length, else 1), or the refusal of a batch
 * larger than `max` (400, JSON-RPC's "invalid request", naming the cap).
 */
export function batchMessages(
  body: unknown,
  max = MAX_MCP_BATCH,
): { ok: true; count: number } | { ok: false; refusal: JsonRpcRefusal } {
  if (!Array.isArray(body)) return { ok: true, count: 1 };
  if (body.length <= max) return { ok: true, count: Math.max(body.length, 1) };
  return {
    ok: false,
    refusal: jsonRpcRefusal(
      400,
      -32600,
      `Invalid Request: a batch may hold at most ${max} messages, and this one holds ${body.length}; send them in several requests.`,
      { maxBatch: max },
    ),
  };
}
