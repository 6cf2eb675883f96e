import { describe, expect, it } from "vitest";
import { generateGeminiSessions } from "@/test/factories/generate/gemini";
import { parseFile } from "@/lib/ingest/parse-file";
import { computeFeatures } from "@/lib/learn/features";
import type { Session } from "@/lib/session";

const jsonl = (records: readonly unknown[]) => records.map((r) => JSON.stringify(r)).join("\n");
const meta = {
  sessionId: "s-1",
  projectHash: "a".repeat(64),
  startTime: "2026-10-01T10:00:00.000Z",
  lastUpdated: "2026-10-01T10:00:00.000Z",
  kind: "main",
};
const prompt = (id: string, text: string, at = "2026-10-01T10:00:01.000Z") => ({
  id,
  timestamp: at,
  type: "user",
  content: [{ text }],
});
const call = (
  id: string,
  name: string,
  args: Record<string, unknown>,
  status: string,
  answer: Record<string, string>,
) => ({
  id,
  name,
  args,
  status,
  timestamp: "2026-10-01T10:00:02.000Z",
  result: [{ functionResponse: { id, name, response: answer } }],
});

function only(content: string, name = "shop/chats/session-2026-10-01T10-00-s1.jsonl"): Session {
  const parsed = parseFile(content, name);
  expect(parsed.format).toBe("gemini");
  expect(parsed.errors).toEqual([]);
  expect(parsed.sessions).toHaveLength(1);
  return parsed.sessions[0]!;
}

describe("Gemini CLI sessions", () => {
  it("keep a message's last version, where it first stood, and drop what a rewind drops", () => {
    const t = only(
      jsonl([
        meta,
        prompt("u1", "fix the cart"),
        {
          id: "g1",
          timestamp: "2026-10-01T10:00:02.000Z",
          type: "gemini",
          content: "",
          model: "gemini-2.5-pro",
          toolCalls: [
            {
              id: "c1",
              name: "read_file",
              args: { file_path: "/w/shop/a.ts" },
              status: "scheduled",
              timestamp: "2026-10-01T10:00:02.000Z",
            },
          ],
        },
        { $set: { lastUpdated: "2026-10-01T10:00:03.000Z" } },
        {
          id: "g1",
          timestamp: "2026-10-01T10:00:02.000Z",
          type: "gemini",
          content: "",
          model: "gemini-2.5-pro",
          toolCalls: [call("c1", "read_file", { file_path: "/w/shop/a.ts" }, "success", { output: "x" })],
          tokens: { input: 1000, output: 50, cached: 400, thoughts: 20, tool: 5, total: 1075 },
        },
        prompt("u2", "now push it", "2026-10-01T10:01:00.000Z"),
        {
          id: "g2",
          timestamp: "2026-10-01T10:01:01.000Z",
          type: "gemini",
          content: "",
          model: "gemini-2.5-flash",
          toolCalls: [call("c2", "run_shell_command", { command: "git push" }, "success", { output: "Output: ok" })],
          tokens: { input: 200, output: 10, cached: 0, total: 210 },
        },
        { $rewindTo: "u2" },
      ]),
    );
    expect(t.externalId).toBe("s-1");
    expect(t.agent).toBe("gemini-cli");
    expect(t.operations?.map((o) => [o.tool, o.file, o.isError])).toEqual([["Read", "/w/shop/a.ts", false]]);
    expect(t.prompts.map((p) => p.text)).toEqual(["fix the cart"]);
    // Both responses were billed, the rewound one too: input without its cached part, plus the tool prompt; thoughts are output.
    expect(t.tokens).toEqual({ input: 600 + 5 + 200, output: 70 + 10, cacheRead: 400, cacheCreation: 0 });
    expect(t.models).toEqual(["gemini-2.5-pro", "gemini-2.5-flash"]);
    expect(t.projectHint).toBe("shop");
  });

  it("read shell failures from the exit code, a denied call as a refusal and a stopped request as an interruption", () => {
    const t = only(
      jsonl([
        meta,
        prompt("u1", "run the tests"),
        {
          id: "g1",
          timestamp: "2026-10-01T10:00:02.000Z",
          type: "gemini",
          content: "",
          toolCalls: [
            call("c1", "run_shell_command", { command: "npm test" }, "success", {
              output: "Output: 1 failed\nExit Code: 1",
            }),
            call("c2", "replace", { file_path: "/w/a.ts" }, "cancelled", {
              error: "[Operation Cancelled] Reason: User denied execution.",
            }),
            call("c3", "mcp_github_create_issue", {}, "error", { error: "boom" }),
          ],
        },
        prompt("u2", "no, edit b.ts instead", "2026-10-01T10:00:05.000Z"),
        {
          id: "g2",
          timestamp: "2026-10-01T10:00:06.000Z",
          type: "gemini",
          content: "",
          toolCalls: [
            call("c4", "run_shell_command", { command: "sleep 100" }, "cancelled", {
              error: "[Operation Cancelled] Reason: Operation cancelled",
            }),
          ],
        },
        { id: "i1", timestamp: "2026-10-01T10:00:07.000Z", type: "info", content: "Request cancelled." },
        { id: "e1", timestamp: "2026-10-01T10:00:08.000Z", type: "error", content: "[API Error: 500]" },
        prompt("u3", "try again", "2026-10-01T10:00:09.000Z"),
        prompt("u4", "/stats", "2026-10-01T10:00:10.000Z"),
      ]),
    );
    expect(t.operations?.map((o) => [o.tool, o.command, o.isError])).toEqual([
      ["Bash", "npm test", true],
      ["Edit", null, true],
      ["mcp__github__create_issue", null, true],
      ["Bash", "sleep 100", true],
    ]);
    expect(t.operations?.[0]?.output).toBe("Output: 1 failed\nExit Code: 1");
    expect(t.events).toEqual({ interruptions: 1, rejectedToolCalls: 1, apiErrors: 1 });
    expect(t.prompts.map((p) => [p.text, p.after])).toEqual([
      ["run the tests", null],
      ["no, edit b.ts instead", "rejection"],
      ["try again", "interruption"],
    ]);
    expect(t.filesModified).toEqual([]);
    expect(t.success.source).toBe("heuristic");
  });

  it("take a shell command that only reads files for a Read of each, against the session's folder, so an edit after it was read first", () => {
    const t = only(
      jsonl([
        { ...meta, directories: ["/w/shop"] },
        prompt("u1", "fix a.ts"),
        {
          id: "g1",
          timestamp: "2026-10-01T10:00:02.000Z",
          type: "gemini",
          content: "",
          toolCalls: [
            call("c1", "run_shell_command", { command: "sed -n '1,80p' src/a.ts && cat b.ts" }, "success", {
              output: "Output: x",
            }),
            call("c2", "run_shell_command", { command: "cat c.ts", directory: "lib" }, "success", {
              output: "Output: x",
            }),
            call("c3", "run_shell_command", { command: "sed -i 's/x/y/' src/d.ts" }, "success", { output: "Output: " }),
            call("c4", "replace", { file_path: "/w/shop/src/a.ts" }, "success", { output: "ok" }),
            call("c5", "replace", { file_path: "/w/shop/src/d.ts" }, "success", { output: "ok" }),
          ],
        },
      ]),
    );
    expect(t.operations?.map((o) => [o.tool, o.file ?? o.command])).toEqual([
      ["Read", "/w/shop/src/a.ts"],
      ["Read", "/w/shop/b.ts"],
      ["Read", "/w/shop/lib/c.ts"],
      ["Bash", "sed -i 's/x/y/' src/d.ts"],
      ["Edit", "/w/shop/src/a.ts"],
      ["Edit", "/w/shop/src/d.ts"],
    ]);
    expect(t.filesRead).toEqual(["/w/shop/src/a.ts", "/w/shop/b.ts", "/w/shop/lib/c.ts"]);
    expect(computeFeatures(t)).toMatchObject({ blindEdits: 1, readBeforeEditRatio: 0.5 });
  });

  it("read an older version's one JSON object, and name no project from a hash folder", () => {
    const content = JSON.stringify({
      ...meta,
      messages: [
        prompt("u1", "hello"),
        {
          id: "g1",
          timestamp: "2026-10-01T10:00:02.000Z",
          type: "gemini",
          content: "hi",
          tokens: { input: 10, output: 2, cached: 0, total: 12 },
        },
      ],
    });
    const t = only(content, `${"b".repeat(64)}/chats/session-2026-10-01T10-00-s1.json`);
    expect(t.prompts).toHaveLength(1);
    expect(t.tokens?.input).toBe(10);
    expect(t.projectHint).toBeNull();
  });

  it("name the line and field of a record it cannot read, and keep the rest", () => {
    const parsed = parseFile(
      jsonl([
        meta,
        prompt("u1", "a"),
        { id: "g1", type: 7 },
        "not a record",
        { id: "g2", type: "gemini", content: "", toolCalls: [{ name: 3 }] },
      ]),
      "x/chats/session-a.jsonl",
    );
    expect(parsed.format).toBe("gemini");
    expect(parsed.errors.map((e) => [e.line, e.field])).toEqual([
      [3, "type"],
      [4, null],
      [5, "toolCalls.0.name"],
    ]);
    expect(parsed.sessions[0]?.prompts).toHaveLength(1);
  });

  it("rebuild the same session from what it keeps as raw", () => {
    const [file] = generateGeminiSessions({ seed: 3, count: 1 });
    const t = only(file!.content, file!.path);
    const again = parseFile(JSON.stringify(t.raw)).sessions[0]!;
    expect({ ...again, projectHint: t.projectHint }).toEqual(t);
  });

  it("count exactly what was generated: tools, errors, refusals, interruptions, prompts and tokens", () => {
    const files = generateGeminiSessions({ seed: 16, count: 40 });
    const sums = { operations: 0, toolErrors: 0, rejected: 0, interruptions: 0, apiErrors: 0 };
    for (const file of files) {
      const t = only(file.content, file.path);
      const e = file.expected;
      expect(t.externalId).toBe(e.sessionId);
      expect(t.operationCount).toBe(e.operations);
      expect(t.toolBreakdown).toEqual(e.tools);
      expect(t.operations?.filter((o) => o.isError).length).toBe(e.toolErrors);
      expect(t.events).toEqual({
        interruptions: e.interruptions,
        rejectedToolCalls: e.rejected,
        apiErrors: e.apiErrors,
      });
      expect(t.promptCount).toBe(e.prompts);
      expect(t.tokens).toEqual({ ...e.tokens, cacheCreation: 0 });
      expect(t.models).toEqual(e.models);
      expect(t.operations?.flatMap((o) => (o.command === null ? [] : [o.command]))).toEqual(e.shellCommands);
      sums.operations += e.operations;
      sums.toolErrors += e.toolErrors;
      sums.rejected += e.rejected;
      sums.interruptions += e.interruptions;
      sums.apiErrors += e.apiErrors;
    }
    // The sample exercises every event it counts.
    for (const [name, n] of Object.entries(sums)) expect(n, name).toBeGreaterThan(0);
  });
});
