import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseFile } from "@/lib/ingest/parse-file";
import { antigravity } from "@/lib/walk/antigravity";
import { readFound } from "@/lib/walk/files";
import { modelId } from "@/lib/ingest/antigravity/session";

/** The counts in test/fixtures/antigravity/README.md, written by hand from the fixture's lines, not by the parser. */
const FIXTURE = path.resolve("test/fixtures/antigravity");
const MAIN = "brain/0b6c1f4e-2d3a-4c5b-9e8f-7a6b5c4d3e21/.system_generated/logs/transcript_full.jsonl";

const read = (name: string) => fs.readFileSync(path.join(FIXTURE, "antigravity-cli", name), "utf8");

describe("Antigravity CLI transcripts", () => {
  it("finds each conversation's transcript_full.jsonl under brain/, from ~/.gemini or its antigravity-cli folder", async () => {
    const found = await antigravity.find(FIXTURE);
    // The sub-agent's conversation (9c8b7a65-…) travels inside its parent's, not alone.
    expect(found?.groups.map((g) => [g.label, g.subagents])).toEqual([
      [MAIN, 0],
      ["brain/5e4d3c2b-1a09-4f8e-8d7c-6b5a49382716/.system_generated/logs/transcript_full.jsonl", 1],
    ]);
    expect((await antigravity.find(path.join(FIXTURE, "antigravity-cli")))?.groups).toHaveLength(2);
  });

  it("counts what the fixture holds: prompts, tool calls matched to results in order, failures, model, no tokens", () => {
    const parsed = parseFile(read(MAIN), MAIN);
    expect([parsed.format, parsed.errorCount]).toEqual(["antigravity", 0]);
    const t = parsed.sessions[0]!;
    expect([t.externalId, t.agent, t.projectHint]).toEqual([
      "0b6c1f4e-2d3a-4c5b-9e8f-7a6b5c4d3e21",
      "antigravity-cli",
      "greeter",
    ]);
    expect(t.prompts.map((p) => p.text)).toEqual(["Add a greeting endpoint to the server", "Now run the tests again"]);
    expect(t.operations!.map((o) => [o.tool, o.file ?? o.command, o.isError])).toEqual([
      ["LS", null, false],
      ["Read", "/home/dev/greeter/main.go", false],
      ["Edit", "/home/dev/greeter/main.go", false],
      ["Bash", "go test ./...", true],
      ["Write", "/home/dev/greeter/greet_test.go", false],
      ["LS", null, true],
      ["Bash", "go test ./...", false],
    ]);
    expect(t.operations![6]!.output).toContain("ok  greeter");
    expect(t.models).toEqual(["gemini-3.5-flash"]);
    expect([t.tokens, t.tokensByModel]).toEqual([null, {}]);
    expect(t.startedAt).toBe(Date.parse("2026-11-20T10:00:00Z"));
  });

  it("folds a sub-agent's conversation into the conversation that started it, its calls delegated", async () => {
    const found = await antigravity.find(FIXTURE);
    const file = found!.groups[1]!.files[0]!;
    const content = Buffer.from(await readFound(file)).toString("utf8");
    const parsed = parseFile(content, file.name);
    expect([parsed.format, parsed.errorCount]).toEqual(["antigravity", 0]);
    const t = parsed.sessions[0]!;
    expect([t.externalId, t.projectHint, t.promptCount]).toEqual(["5e4d3c2b-1a09-4f8e-8d7c-6b5a49382716", "blog", 1]);
    expect(t.operations!.map((o) => [o.tool, o.delegated])).toEqual([
      ["Bash", false],
      ["Task", false],
      ["Read", true],
      ["Grep", true],
    ]);
    expect(t.subagents.map((s) => [s.agentId, s.description, s.operationCount])).toEqual([
      ["9c8b7a65-4321-4fed-8cba-987654321fed", "Summarise the posts folder", 2],
    ]);
    expect(parseFile(JSON.stringify(t.raw)).sessions[0]).toEqual(t);
  });

  it("keeps no secret, and rebuilds the same session from what it keeps as raw", () => {
    const text = read(MAIN);
    expect(text).toContain("ghp_Zx9Yw8Vu7Ts6Rq5Po4Nm3Lk2Ji1Hg0FeDcBa");
    const t = parseFile(text, MAIN).sessions[0]!;
    expect(JSON.stringify(t)).not.toContain("ghp_Zx9Yw8Vu7Ts6Rq5Po4Nm3Lk2Ji1Hg0FeDcBa");
    expect(parseFile(JSON.stringify(t.raw)).sessions[0]).toEqual(t);
  });

  it("names the line and field of a step it cannot read, and asks for the name that gives the conversation", () => {
    const lines = [
      {
        step_index: 0,
        source: "USER_EXPLICIT",
        type: "USER_INPUT",
        status: "DONE",
        created_at: "2026-11-20T10:00:00Z",
        content: "hi",
      },
      {
        step_index: "two",
        source: "MODEL",
        type: "PLANNER_RESPONSE",
        status: "DONE",
        created_at: "2026-11-20T10:00:01Z",
      },
    ].map((l) => JSON.stringify(l));
    const parsed = parseFile(lines.join("\n"), "elsewhere/transcript_full.jsonl");
    expect(parsed.format).toBe("antigravity");
    expect(parsed.errors.map((e) => [e.line, e.field])).toEqual([
      [2, "step_index"],
      [null, "name"],
    ]);
  });

  it("reads the model's id from the label the settings change gives", () => {
    expect(modelId("Gemini 3.5 Flash (High)")).toBe("gemini-3.5-flash");
    expect(modelId("Gemini 3.6 Flash")).toBe("gemini-3.6-flash");
  });
});
