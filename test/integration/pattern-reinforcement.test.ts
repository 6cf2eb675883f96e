import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { memories, toolPatterns } from "@/db/schema";
import { transcript } from "@/test/factories/transcript";
import { postFiles } from "./ingest-client";

const SEQUENCE = "Read > Edit > Bash";
const TOOLS = ["Read", "Read", "Edit", "Bash"];

async function pattern() {
  return getDb().select().from(toolPatterns).where(eq(toolPatterns.sequence, SEQUENCE)).get();
}

async function patternMemories(patternId: number) {
  return getDb()
    .select()
    .from(memories)
    .where(and(eq(memories.patternId, patternId)))
    .all();
}

const id = (n: number) => `11111111-0000-4000-8000-00000000000${n}`;

describe("a tool sequence that recurs in new Claude Code sessions", () => {
  it("counts each new session once, and makes no memory of a sequence used once or twice", async () => {
    await postFiles([{ name: `-home-dev-app/${id(1)}.jsonl`, content: transcript(id(1), TOOLS) }]);
    const created = (await pattern())!;
    expect(created).toMatchObject({ count: 1 });
    expect(await patternMemories(created.id)).toEqual([]);

    await postFiles([{ name: `-home-dev-app/${id(2)}.jsonl`, content: transcript(id(2), [...TOOLS, "Bash"]) }]);
    expect((await pattern())!.count).toBe(2);
    expect(await patternMemories(created.id)).toEqual([]);

    await postFiles([{ name: `-home-dev-app/${id(1)}.jsonl`, content: transcript(id(1), [...TOOLS, "Read"]) }]);
    expect((await pattern())!.count).toBe(2);
    const all = await getDb().select().from(memories).all();
    expect(all.filter((m) => m.source.includes(":pattern:"))).toEqual([]);
  });
});
