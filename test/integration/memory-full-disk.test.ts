import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { POST as mcp } from "@/app/api/v1/mcp/route";
import { POST as addMemory } from "@/app/api/v1/memories/route";
import { getDb, sqliteOf } from "@/db/client";
import { getMemory } from "@/db/queries/memories";
import { projects } from "@/db/schema";
import { decayAt } from "@/lib/server/memories";
import { apiRequest, browserRequest, seedAdmin } from "./support/auth";

/**
 * A memory written on a full disk is stored, or refused with 507 (MCP: an error result saying so): never "201"
 * for a memory that is not there. A short memory's row fits the pages the file has while its full-text entries,
 * which FTS5 writes as the statement commits, need one more: the sizes below cross that line.
 */

const BASE = "http://localhost:3000/api/v1";
const client = () => sqliteOf(getDb());
const NO_CEILING = 4_294_967_294;
const SIZES = Array.from({ length: 20 }, (_, i) => 1 + i * 13);

/** The disk is full: the file may not grow past the pages it has once compacted. */
function fillDisk(): void {
  client().pragma(`max_page_count = ${NO_CEILING}`);
  client().exec("VACUUM");
  client().pragma(`max_page_count = ${client().pragma("page_count", { simple: true }) as number}`);
}

const words = (n: number, tag: string) => Array.from({ length: n }, (_, i) => `${tag}${n}w${i}`).join(" ");

afterEach(() => client().pragma(`max_page_count = ${NO_CEILING}`));

beforeAll(async () => {
  await seedAdmin();
  await getDb().insert(projects).values({ slug: "full", name: "Full" }).run();
});

describe("a memory on a full disk", () => {
  it("POST /api/v1/memories stores it (201 with the memory) or answers 507, never 201 for nothing", async () => {
    const answers: number[] = [];
    for (const n of SIZES) {
      fillDisk();
      const body = JSON.stringify({ content: words(n, "rest"), category: "insight", project: "full" });
      const response = await addMemory(
        await browserRequest(`${BASE}/memories`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body,
        }),
      );
      const json = (await response.json()) as { id?: number; error?: { code: string; message: string } } | null;
      answers.push(response.status);
      if (response.status === 201) {
        expect(json?.id, `${n} words`).toBeTypeOf("number");
        expect((await getMemory(getDb(), json!.id!, decayAt()))?.content).toBe(words(n, "rest"));
      } else {
        expect(response.status, `${n} words: ${JSON.stringify(json)}`).toBe(507);
        expect(json?.error?.code).toBe("insufficient_storage");
      }
    }
    expect(answers).toContain(507);
  });

  it("MCP remember stores it or answers an error result saying the disk is full", async () => {
    const outcomes: boolean[] = [];
    for (const [i, n] of SIZES.entries()) {
      fillDisk();
      const body = JSON.stringify({
        jsonrpc: "2.0",
        id: i,
        method: "tools/call",
        params: { name: "remember", arguments: { project: "full", content: words(n, "mcp") } },
      });
      const response = await mcp(
        await apiRequest(`${BASE}/mcp`, {
          method: "POST",
          headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
          body,
        }),
      );
      expect(response.status).toBe(200);
      const { result } = (await response.json()) as { result: { content: { text: string }[]; isError?: boolean } };
      const text = result.content[0]!.text;
      outcomes.push(result.isError === true);
      if (result.isError) expect(text, `${n} words`).toMatch(/disk holding the database is full.*SQLITE_FULL/);
      else
        expect(
          (await getMemory(getDb(), Number(/#(\d+)/.exec(text)![1]), decayAt()))?.content,
          `${n} words: ${text}`,
        ).toBe(words(n, "mcp"));
    }
    expect(outcomes).toContain(true);
  });
});
