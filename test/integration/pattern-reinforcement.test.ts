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
  return getDb().select().from(memories).where(and(eq(memories.patternId, patternId))).all();
}

describe("a tool sequence that recurs in new sessions reinforces its pattern's memory", () => {
  it("counts each new session once, keeps one memory, and restarts its decay", async () => {
    const first = "11111111-0000-4000-8000-000000000001";
    await postFiles([{ name: `-home-dev-app/${first}.jsonl`, content: transcript(first, TOOLS) }]);
    const created = (await pattern())!;
    expect(created).toMatchObject({ count: 1 });
    const [memory] = await patternMemories(created.id);
    expect(memory!.reinforcedAt).toBeNull();

    const second = "11111111-0000-4000-8000-000000000002";
    await postFiles([{ name: `-home-dev-app/${second}.jsonl`, content: transcript(second, [...TOOLS, "Bash"]) }]);
    const reinforced = (await pattern())!;
    expect(reinforced.count).toBe(2);
    const after = await patternMemories(created.id);
    expect(after).toHaveLength(1);
    expect(after[0]!.reinforcedAt).not.toBeNull();
    expect(after[0]!.content).toContain("2 times");

    const grown = transcript(first, [...TOOLS, "Read"]);
    await postFiles([{ name: `-home-dev-app/${first}.jsonl`, content: grown }]);
    expect((await pattern())!.count).toBe(2);
  });
});
