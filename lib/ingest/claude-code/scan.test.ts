import { describe, expect, it } from "vitest";
import { scanTranscript } from "@/lib/ingest/claude-code/scan";
import type { TranscriptFile } from "@/lib/ingest/types";

const at = (s: number) => `2026-01-02T10:00:${String(s).padStart(2, "0")}.000Z`;
const file = (records: unknown[]): TranscriptFile => ({
  sessionId: "s",
  agentId: null,
  cwd: null,
  folder: null,
  lineCount: records.length,
  records,
  content: records.map((r) => JSON.stringify(r)).join("\n"),
});
const assistant = (s: number, id: string, content: object[], usage: object | null, extra: object = {}) => ({
  type: "assistant",
  timestamp: at(s),
  requestId: `r-${id}`,
  message: { id, model: "claude-sonnet-4", content, ...(usage ? { usage } : {}) },
  ...extra,
});

describe("scanTranscript", () => {
  const records = [
    { type: "user", timestamp: at(5), gitBranch: "", version: "2.1.0", message: { content: "first prompt" } },
    assistant(6, "m1", [{ type: "text", text: "ok" }], { input_tokens: 3, output_tokens: 1 }, { gitBranch: "feature" }),
    assistant(7, "m1", [{ type: "tool_use", id: "t1", name: "Bash", input: { command: "ls" } }], {
      input_tokens: 3,
      output_tokens: 90,
    }),
    {
      type: "user",
      timestamp: at(8),
      message: {
        content: [
          {
            type: "tool_result",
            tool_use_id: "t1",
            content: [{ type: "text", text: "The user doesn't want to take this action right now." }],
          },
        ],
      },
    },
    { type: "user", timestamp: at(2), message: { content: "[Request interrupted by user]" } },
    assistant(9, "m2", [{ type: "text", text: "API Error: 500" }], null, {
      isApiErrorMessage: true,
      message: { model: "<synthetic>", content: [] },
    }),
    { type: "system", subtype: "api_error", timestamp: at(10) },
    assistant(11, "m3", [{ type: "tool_use", id: "t2", name: "Grep", input: {} }], null, { isSidechain: true }),
    { type: "user", isSidechain: true, timestamp: at(12), message: { content: "sub-agent instructions" } },
    "not an object",
  ];

  it("gathers calls, outcomes, usage, models, prompts, events, time bounds, branch and version", () => {
    const scan = scanTranscript(file(records), false);
    expect(scan.calls.map((c) => [c.id, c.tool, c.delegated])).toEqual([
      ["t1", "Bash", false],
      ["t2", "Grep", true],
    ]);
    expect(scan.outcomes.get("t1")).toEqual({
      isError: true,
      rejected: true,
      output: "The user doesn't want to take this action right now.",
    });
    expect([...scan.usage.values()]).toEqual([
      {
        model: "claude-sonnet-4",
        tokens: { input: 3, output: 90, cacheRead: 0, cacheCreation: 0, reasoning: 0, cacheCreationHour: 0 },
      },
    ]);
    expect([...scan.models]).toEqual(["claude-sonnet-4"]);
    expect(scan).toMatchObject({
      prompts: [{ text: "first prompt", at: Date.parse(at(5)), after: null }],
      interruptions: 1,
      rejections: 1,
      apiErrors: 2,
      gitBranch: "feature",
      version: "2.1.0",
    });
    expect([scan.firstAt, scan.lastAt]).toEqual([Date.parse(at(2)), Date.parse(at(12))]);
  });

  it("as a sub-agent's file: every call is delegated and no user line is a prompt", () => {
    const scan = scanTranscript(file(records), true);
    expect(scan.calls.every((c) => c.delegated)).toBe(true);
    expect(scan.prompts).toEqual([]);
  });

  const user = (s: number, content: unknown, extra: object = {}) => ({
    type: "user",
    timestamp: at(s),
    message: { content },
    ...extra,
  });
  const result = (s: number, id: string, content: unknown, extra: object = {}) =>
    user(s, [{ type: "tool_result", tool_use_id: id, content, ...extra }]);
  const refused = "The user doesn't want to proceed with this tool use. The tool use was rejected.";

  it("counts a refused call and the interruption marker that follows it once, as a refusal", () => {
    const scan = scanTranscript(
      file([
        assistant(1, "m1", [{ type: "tool_use", id: "t1", name: "Bash", input: { command: "git push" } }], null),
        result(2, "t1", refused, { is_error: true }),
        user(2, [{ type: "text", text: "[Request interrupted by user for tool use]" }]),
        user(3, "no, open a pull request instead"),
        assistant(4, "m2", [{ type: "tool_use", id: "t2", name: "Bash", input: { command: "sleep 100" } }], null),
        user(9, [{ type: "text", text: "[Request interrupted by user for tool use]" }]),
        user(10, "too slow, stop"),
        user(11, "and then?"),
      ]),
      false,
    );
    expect([scan.rejections, scan.interruptions]).toEqual([1, 1]);
    expect(scan.prompts.map((p) => [p.text, p.after])).toEqual([
      ["no, open a pull request instead", "rejection"],
      ["too slow, stop", "interruption"],
      ["and then?", null],
    ]);
  });

  const note = "Note: The user's next message may contain a correction or preference. Pay close attention.";

  it("keeps the reason typed with a refused call as a prompt after the rejection, with the command refused, and no text Claude Code wrote", () => {
    const reason = `${refused.replace(/\.$/, " (eg. if it was a file edit, the new_string was NOT written to the file).")} To tell you how to proceed, the user said:\nnot pip — this repo uses uv`;
    const scan = scanTranscript(
      file([
        user(1, "add the requests dependency"),
        assistant(
          2,
          "m1",
          [{ type: "tool_use", id: "t1", name: "Bash", input: { command: "pip install requests\n# second line" } }],
          null,
        ),
        result(3, "t1", reason, { is_error: true }),
        assistant(4, "m2", [{ type: "tool_use", id: "t2", name: "Edit", input: { file_path: "/r/a.py" } }], null),
        result(
          5,
          "t2",
          [
            {
              type: "text",
              text: `${refused} To tell you how to proceed, the user said:\nkeep the old name\n\n${note}`,
            },
          ],
          { is_error: true },
        ),
        assistant(6, "m3", [{ type: "tool_use", id: "t3", name: "AskUserQuestion", input: {} }], null),
        result(
          7,
          "t3",
          `${refused} To tell you how to proceed, the user said:\nThe user wants to clarify these questions.\n    This means they may have additional information.\n\n${note}`,
          { is_error: true },
        ),
        user(8, "thanks"),
      ]),
      false,
    );
    expect(scan.rejections).toBe(3);
    expect(scan.prompts).toEqual([
      { text: "add the requests dependency", at: Date.parse(at(1)), after: null },
      {
        text: "not pip — this repo uses uv",
        at: Date.parse(at(3)),
        after: "rejection",
        refused: "pip install requests",
      },
      { text: "keep the old name", at: Date.parse(at(5)), after: "rejection", refused: "Edit" },
      { text: "thanks", at: Date.parse(at(8)), after: "rejection" },
    ]);
  });

  it("marks a prompt sent again after a rewind (a sibling branch) or after interrupting it as resent, not one repeated later on the same branch", () => {
    const line = <T extends object>(uuid: string, parentUuid: string | null, l: T) => ({ ...l, uuid, parentUuid });
    const scan = scanTranscript(
      file([
        line("u1", null, user(1, "rename the helper")),
        line("a1", "u1", assistant(2, "m1", [{ type: "text", text: "Looking." }], null)),
        line("u2", "a1", user(3, "skip the snapshot tests")),
        line("a2", "u2", assistant(4, "m2", [{ type: "text", text: "Skipping." }], null)),
        line("u3", "a1", user(5, "skip the snapshot tests")),
        line("a3", "u3", assistant(6, "m3", [{ type: "text", text: "Skipping." }], null)),
        line("i1", "a3", user(7, "[Request interrupted by user]")),
        line("u4", "i1", user(8, "Skip the snapshot tests!")),
        line("a4", "u4", assistant(9, "m4", [{ type: "text", text: "Done." }], null)),
        line("u5", "a4", user(10, "rename the helper")),
      ]),
      false,
    );
    expect(scan.prompts.map((p) => [p.text, p.resent ?? false])).toEqual([
      ["rename the helper", false],
      ["skip the snapshot tests", false],
      ["skip the snapshot tests", true],
      ["Skip the snapshot tests!", true],
      ["rename the helper", false],
    ]);
  });

  it("bounds the session by its conversation lines, not by meta, caveat or command lines stamped earlier or later", () => {
    const scan = scanTranscript(
      file([
        user(1, "Caveat: The messages below were generated by the user while running local commands.", {
          isMeta: true,
          timestamp: "2025-12-30T08:00:00.000Z",
        }),
        user(2, "<command-name>/clear</command-name>\n<command-message>clear</command-message>", {
          timestamp: "2025-12-30T08:00:01.000Z",
        }),
        user(
          3,
          "<ide_opened_file>The user opened the file /src/a.py in the IDE.</ide_opened_file>fix the import in a.py",
        ),
        assistant(50, "m1", [{ type: "text", text: "Done." }], null),
        user(59, "<local-command-stdout>See ya!</local-command-stdout>", { timestamp: "2026-01-05T10:00:00.000Z" }),
      ]),
      false,
    );
    expect([scan.firstAt, scan.lastAt]).toEqual([Date.parse(at(3)), Date.parse(at(50))]);
    expect(scan.prompts.map((p) => p.text)).toEqual(["fix the import in a.py"]);
    const commandsOnly = scanTranscript(
      file([
        user(4, "<command-name>/exit</command-name>"),
        user(6, "<local-command-stdout>See ya!</local-command-stdout>"),
      ]),
      false,
    );
    expect([commandsOnly.firstAt, commandsOnly.lastAt]).toEqual([Date.parse(at(4)), Date.parse(at(6))]);
  });

  it("keeps an excerpt of what failed calls and shell commands answered, and nothing of other calls", () => {
    const scan = scanTranscript(
      file([
        assistant(
          1,
          "m1",
          [
            { type: "tool_use", id: "b1", name: "Bash", input: { command: "uv run pytest -m unit" } },
            { type: "tool_use", id: "r1", name: "Read", input: { file_path: "/a.py" } },
            { type: "tool_use", id: "e1", name: "Edit", input: { file_path: "/a.py" } },
            { type: "tool_use", id: "b2", name: "Bash", input: { command: "ls" } },
          ],
          null,
        ),
        { ...result(2, "b1", [{ type: "text", text: "collected 0 items\n\u001b[33mno tests ran\u001b[0m in 0.01s" }]) },
        result(3, "r1", "def main(): pass"),
        result(4, "e1", "<tool_use_error>String to replace not found in file.</tool_use_error>", { is_error: true }),
        { ...result(5, "b2", ""), toolUseResult: { stdout: "a.py\nb.py", stderr: "", interrupted: false } },
      ]),
      false,
    );
    expect(Object.fromEntries([...scan.outcomes].map(([id, o]) => [id, o.output]))).toEqual({
      b1: "collected 0 items\nno tests ran in 0.01s",
      r1: null,
      e1: "String to replace not found in file.",
      b2: "a.py\nb.py",
    });
  });
});
