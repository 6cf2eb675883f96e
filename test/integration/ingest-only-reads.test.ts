import { beforeAll, describe, expect, it } from "vitest";
import { POST as mcp } from "@/app/api/v1/mcp/route";
import { GET as memory } from "@/app/api/v1/memories/[id]/route";
import { GET as memories } from "@/app/api/v1/memories/route";
import { GET as guidance } from "@/app/api/v1/projects/[slug]/guidance/route";
import { getDb } from "@/db/client";
import { storeRecords } from "@/lib/server/store-records";
import { createMemory } from "@/db/queries/memory-curation";
import type { TokenPermission } from "@/lib/auth/access";
import { generateSessions } from "@/test/factories/generate/sessions";
import { issueToken } from "@/lib/server/auth/issue-token";
import { decayAt } from "@/lib/server/memories";
import { seedAdmin } from "./support/auth";

/**
 * Ingest does not imply read: an upload-only token reads nothing, global memories (of no project) included, through
 * the API or MCP. The plugin's token (read and ingest) still gets its guidance and the global memories.
 */

const BASE = "http://localhost:3000/api/v1";
const SECRET = "wombat global note";
let globalId: number;

async function token(permissions: TokenPermission[]): Promise<string> {
  const { user } = await seedAdmin();
  return (await issueToken(getDb(), { userId: user.id, name: permissions.join("+"), permissions, projectIds: null }))
    .token;
}

const bearer = (secret: string, init: RequestInit = {}) => ({
  ...init,
  headers: { ...init.headers, authorization: `Bearer ${secret}` },
});

async function searchMcp(secret: string): Promise<{ text: string; isError: boolean }> {
  const body = JSON.stringify({
    jsonrpc: "2.0",
    id: 1,
    method: "tools/call",
    params: { name: "search_memories", arguments: { q: "wombat" } },
  });
  const response = await mcp(
    new Request(
      `${BASE}/mcp`,
      bearer(secret, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
        body,
      }),
    ),
  );
  const { result } = (await response.json()) as { result: { content: { text: string }[]; isError?: boolean } };
  return { text: result.content.map((block) => block.text).join("\n"), isError: result.isError === true };
}

beforeAll(async () => {
  await storeRecords(getDb(), "laptop", {
    sessions: generateSessions({ seed: 9, count: 20, idPrefix: "l-" }),
    patterns: [],
  });
  globalId = (
    await createMemory(
      getDb(),
      { content: SECRET, category: "decision", tags: [], confidence: 0.8, project: null },
      decayAt(),
    )
  ).id;
});

describe("an ingest-only token", () => {
  it("may not search memories nor read a global one, through the API", async () => {
    const ingest = await token(["ingest"]);
    const search = await memories(new Request(`${BASE}/memories?q=wombat`, bearer(ingest)));
    expect(search.status).toBe(403);
    expect(JSON.stringify(await search.json())).not.toContain(SECRET);
    const one = await memory(new Request(`${BASE}/memories/${globalId}`, bearer(ingest)), {
      params: Promise.resolve({ id: String(globalId) }),
    });
    expect(one.status).toBe(404);
  });

  it("gets an error result from MCP search_memories, with nothing of the global memory", async () => {
    const found = await searchMcp(await token(["ingest"]));
    expect(found.isError).toBe(true);
    expect(found.text).toMatch(/read permission/);
    expect(found.text).not.toContain(SECRET);
  });
});

describe("the plugin's token (read and ingest)", () => {
  it("still reads its project's guidance and the global memories", async () => {
    const plugin = await token(["read", "ingest"]);
    expect(
      (
        await guidance(new Request(`${BASE}/projects/laptop/guidance`, bearer(plugin)), {
          params: Promise.resolve({ slug: "laptop" }),
        })
      ).status,
    ).toBe(200);
    const search = await memories(new Request(`${BASE}/memories?q=wombat`, bearer(plugin)));
    expect(search.status).toBe(200);
    expect(JSON.stringify(await search.json())).toContain("wombat");
    const found = await searchMcp(plugin);
    expect(found.isError).toBe(false);
    expect(found.text).toContain("wombat");
  });
});
