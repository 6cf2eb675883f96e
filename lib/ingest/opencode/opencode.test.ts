import path from "node:path";
import { describe, expect, it } from "vitest";
import { costOf } from "@/lib/cost/cost";
import { PRICES } from "@/lib/cost/prices";
import { parseFile } from "@/lib/ingest/parse-file";
import { opencode } from "@/lib/walk/opencode";
import { readFound } from "@/lib/walk/files";
import type { Session } from "@/lib/session";

/** The counts in test/fixtures/opencode/README.md, written by hand from the fixture's files, not by the parser. */
const FIXTURE = path.resolve("test/fixtures/opencode");

async function sessions(): Promise<Map<string, { t: Session; text: string; format: string; errors: number }>> {
  const found = await opencode.find(FIXTURE);
  const out = new Map<string, { t: Session; text: string; format: string; errors: number }>();
  for (const group of found!.groups) {
    const [file] = group.files;
    const text = Buffer.from(await readFound(file!)).toString("utf8");
    const parsed = parseFile(text, file!.name);
    out.set(parsed.sessions[0]!.externalId, {
      t: parsed.sessions[0]!,
      text,
      format: parsed.format,
      errors: parsed.errorCount,
    });
  }
  return out;
}

describe("OpenCode sessions", () => {
  it("finds the two top-level sessions of the storage folder, the sub-agent's folded into its parent", async () => {
    const found = await opencode.find(FIXTURE);
    expect(found?.groups.map((g) => [g.label, g.subagents])).toEqual([
      ["session/prj_blog/ses_3a1f0c2e7ffeAbCdEfGhIjKl03.json", 0],
      ["session/prj_shop/ses_3a1f0c2e9ffeAbCdEfGhIjKl01.json", 1],
    ]);
  });

  it("counts what the fixture holds: prompts, tool calls, failures, refusals, interruptions, tokens by model", async () => {
    const all = await sessions();
    const { t, format, errors } = all.get("ses_3a1f0c2e9ffeAbCdEfGhIjKl01")!;
    expect([format, errors, t.agent, t.projectHint]).toEqual(["opencode", 0, "opencode", "shop"]);
    expect(t.prompts.map((p) => [p.text, p.after])).toEqual([
      ["Fix the cart total rounding bug", null],
      ["Don't touch the config, just fix the rounding", null],
    ]);
    expect(t.operationCount).toBe(9);
    expect(t.toolBreakdown).toEqual({ Read: 2, Bash: 2, Task: 1, Edit: 1, Write: 1, Grep: 1, Glob: 1 });
    expect(t.operations!.filter((o) => o.delegated).map((o) => o.tool)).toEqual(["Grep", "Glob", "Read"]);
    expect(t.operations!.filter((o) => o.isError).map((o) => o.tool)).toEqual(["Bash", "Write"]);
    expect(t.events).toEqual({ interruptions: 1, rejectedToolCalls: 1, apiErrors: 0 });
    expect(t.tokensByModel).toEqual({
      "claude-sonnet-4-5": {
        input: 1200,
        output: 350,
        reasoning: 50,
        cacheRead: 4000,
        cacheCreation: 500,
        cacheCreationHour: 0,
      },
      "gpt-5": { input: 800, output: 200, reasoning: 0, cacheRead: 0, cacheCreation: 0, cacheCreationHour: 0 },
      "mystery-model-9": { input: 100, output: 10, reasoning: 0, cacheRead: 0, cacheCreation: 0, cacheCreationHour: 0 },
      "claude-haiku-4-5": {
        input: 500,
        output: 100,
        reasoning: 0,
        cacheRead: 1000,
        cacheCreation: 0,
        cacheCreationHour: 0,
      },
    });
    expect(t.tokens).toEqual({ input: 2600, output: 660, cacheRead: 5000, cacheCreation: 500 });
    expect(t.subagents.map((s) => [s.agentId, s.operationCount])).toEqual([["ses_3a1f0c2e8ffeAbCdEfGhIjKl02", 3]]);
    // The refused write changed nothing.
    expect(t.filesModified).toEqual(["/home/dev/shop/src/cart.ts"]);

    const blog = all.get("ses_3a1f0c2e7ffeAbCdEfGhIjKl03")!.t;
    expect([blog.projectHint, blog.promptCount, blog.operationCount, blog.tokens]).toEqual([
      "blog",
      1,
      0,
      { input: 10, output: 5, cacheRead: 0, cacheCreation: 0 },
    ]);
  });

  it("prices the models the price table knows and names the one it does not, whatever its provider", async () => {
    const { t } = (await sessions()).get("ses_3a1f0c2e9ffeAbCdEfGhIjKl01")!;
    const cost = costOf(t.tokensByModel, PRICES);
    expect(cost.unpriced).toEqual(["mystery-model-9"]);
    expect(cost.usd).toBeNull();
    expect(cost.pricedUsd).toBeGreaterThan(0);
  });

  it("keeps no secret, and rebuilds the same session from what it keeps as raw", async () => {
    const { t, text } = (await sessions()).get("ses_3a1f0c2e9ffeAbCdEfGhIjKl01")!;
    expect(text).toContain("ghp_Zx9Yw8Vu7Ts6Rq5Po4Nm3Lk2Ji1Hg0FeDcBa");
    expect(JSON.stringify(t)).not.toContain("ghp_Zx9Yw8Vu7Ts6Rq5Po4Nm3Lk2Ji1Hg0FeDcBa");
    expect(parseFile(JSON.stringify(t.raw)).sessions[0]).toEqual(t);
  });

  it("names the field of a message or part it cannot read, and keeps the rest", () => {
    const doc = {
      info: { id: "ses_x", projectID: "p", directory: "/w/app", time: { created: 1 } },
      messages: [
        { info: { id: "m1", role: "user", time: { created: 1 } }, parts: [{ type: "text", text: "hi" }] },
        { info: { id: 7, role: "assistant" }, parts: [] },
        { info: { id: "m3", role: "assistant", time: { created: 2 } }, parts: [{ type: "tool", tool: 3 }] },
      ],
    };
    const parsed = parseFile(JSON.stringify(doc), "ses_x.json");
    expect(parsed.format).toBe("opencode");
    expect(parsed.errors.map((e) => [e.line, e.field])).toEqual([
      [1, "messages.1.info.id"],
      [1, "messages.2.parts.0.tool"],
    ]);
    expect(parsed.sessions[0]?.prompts).toHaveLength(1);
  });
});
