import { describe, expect, it } from "vitest";
import { toOperations, toolBreakdown, touchedFiles } from "@/lib/ingest/claude-code/operations";
import type { ToolCall, ToolOutcome } from "@/lib/ingest/claude-code/scan";

const call = (id: string, tool: string, at: number | null, input: object = {}, delegated = false): ToolCall => ({
  id,
  tool,
  input: input as Record<string, unknown>,
  at,
  delegated,
});

describe("toOperations", () => {
  it("merges files by time; ties and calls without a time keep their file's order", () => {
    const main = [call("m1", "Read", 10), call("m2", "Task", 20), call("m3", "Bash", null), call("m4", "Edit", 50)];
    const agent = [call("a1", "Glob", 20, {}, true), call("a2", "Read", 30, {}, true)];
    const ops = toOperations([main, agent], new Map());
    expect(ops.map((o) => [o.seq, o.tool, o.at])).toEqual([
      [0, "Read", 10],
      [1, "Task", 20],
      [2, "Bash", null],
      [3, "Glob", 20],
      [4, "Read", 30],
      [5, "Edit", 50],
    ]);
    expect(toOperations([[call("x", "Bash", null)], [call("y", "Read", null)]], new Map()).map((o) => o.tool)).toEqual([
      "Bash",
      "Read",
    ]);
  });

  it("takes the target file, the command, the error flag and the output of each call", () => {
    const outcomes = new Map<string, ToolOutcome>([
      ["t1", { isError: false, rejected: false, output: null }],
      ["t2", { isError: true, rejected: false, output: "Exit code 1\nFAIL a.test.ts" }],
      ["t3", { isError: true, rejected: true, output: "The user doesn't want to proceed with this tool use." }],
    ]);
    const ops = toOperations(
      [
        [
          call("t1", "Edit", 1, { file_path: "/a.ts" }),
          call("t2", "Bash", 2, { command: "npm test" }),
          call("t3", "NotebookEdit", 3, { notebook_path: "/n.ipynb" }),
          call("t4", "Grep", 4, { path: "src", pattern: "x" }),
        ],
      ],
      outcomes,
    );
    expect(ops.map((o) => [o.file, o.command, o.isError, o.output])).toEqual([
      ["/a.ts", null, false, null],
      [null, "npm test", true, "Exit code 1\nFAIL a.test.ts"],
      ["/n.ipynb", null, true, "The user doesn't want to proceed with this tool use."],
      ["src", null, false, null],
    ]);
  });
});

describe("touchedFiles and toolBreakdown", () => {
  const ops = toOperations(
    [
      [
        call("r", "Read", 1, { file_path: "a" }),
        call("g", "Glob", 2, { path: "src" }),
        call("e", "Edit", 3, { file_path: "a" }),
        call("w", "Write", 4, { file_path: "b" }),
        call("x", "Read", 5, { file_path: "c" }),
        call("c", "constructor", 6),
      ],
    ],
    new Map([
      ["w", { isError: true, rejected: true, output: null }],
      ["x", { isError: true, rejected: false, output: null }],
    ]),
  );

  it("keeps each file of a successful read or edit once, in first-touched order", () => {
    expect(touchedFiles(ops)).toEqual({ filesRead: ["a", "src"], filesModified: ["a"] });
  });

  it("counts calls per tool, whatever the tool's name", () => {
    expect(toolBreakdown(ops)).toEqual({ Read: 2, Glob: 1, Edit: 1, Write: 1, constructor: 1 });
  });
});
