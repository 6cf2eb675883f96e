import { describe, expect, it } from "vitest";
import { hookOutput } from "./output";
import { toolCallOf, toolCallPayloadSchema } from "./payload";

const payload = (extra: Record<string, unknown>) =>
  toolCallPayloadSchema.parse({ session_id: "s-1", cwd: "/home/dev/shop", ...extra });

describe("toolCallOf", () => {
  it("reads a shell call before it runs, and an edit's file relative to the session's folder", () => {
    expect(
      toolCallOf(payload({ hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command: "npm test" } })),
    ).toMatchObject({ moment: "before", command: "npm test", file: null });
    expect(
      toolCallOf(
        payload({
          hook_event_name: "PreToolUse",
          tool_name: "Edit",
          tool_input: { file_path: "/home/dev/shop/src/gen/a.ts" },
        }),
      ),
    ).toMatchObject({ file: "src/gen/a.ts" });
    expect(
      toolCallOf(
        payload({
          hook_event_name: "PreToolUse",
          tool_name: "shell",
          tool_input: { command: ["bash", "-lc", "pytest"] },
        }),
      ),
    ).toMatchObject({ command: "bash -lc pytest" });
  });

  it("reads a failure from PostToolUseFailure's error, a response flagged as an error, or Codex's exit code", () => {
    expect(
      toolCallOf(
        payload({
          hook_event_name: "PostToolUseFailure",
          tool_name: "Bash",
          tool_input: { command: "pytest" },
          error: "ModuleNotFoundError: x",
        }),
      ),
    ).toMatchObject({ moment: "after", error: "ModuleNotFoundError: x" });
    expect(
      toolCallOf(
        payload({
          hook_event_name: "PostToolUse",
          tool_name: "Bash",
          tool_input: { command: "pytest" },
          tool_response: { is_error: true, stderr: "boom" },
        }),
      ),
    ).toMatchObject({ error: "boom" });
    expect(
      toolCallOf(
        payload({
          hook_event_name: "PostToolUse",
          tool_name: "shell",
          tool_input: { command: "pytest" },
          tool_response: "Exit code: 1\nOutput:\nboom",
        }),
      ),
    ).toMatchObject({ moment: "after" });
  });

  it("reads Gemini CLI's AfterTool: a non-zero exit in its result, its own output as the error, or a tool error's message", () => {
    const after = (tool_response: unknown) =>
      toolCallOf(
        payload({
          hook_event_name: "AfterTool",
          tool_name: "run_shell_command",
          tool_input: { command: "pytest" },
          tool_response,
        }),
      );
    expect(
      after({
        llmContent: "Output: /bin/bash: line 1: pytest: command not found\nExit Code: 127\nProcess Group PGID: 7",
        returnDisplay: "/bin/bash: line 1: pytest: command not found",
      }),
    ).toMatchObject({
      moment: "after",
      tool: "run_shell_command",
      error: "/bin/bash: line 1: pytest: command not found",
    });
    expect(
      after({
        llmContent: "Output: (empty)\nError: spawn ENOENT",
        returnDisplay: "",
        error: { message: "spawn ENOENT", type: "shell_execute_error" },
      }),
    ).toMatchObject({ error: expect.stringContaining("spawn ENOENT") });
    expect(after({ llmContent: "Output: 3 passed\nProcess Group PGID: 8", returnDisplay: "3 passed" })).toBeNull();
  });

  it("has nothing for calls that went through or tools it knows nothing about", () => {
    expect(
      toolCallOf(
        payload({
          hook_event_name: "PostToolUse",
          tool_name: "Bash",
          tool_input: { command: "ls" },
          tool_response: { stdout: "a", stderr: "" },
        }),
      ),
    ).toBeNull();
    expect(
      toolCallOf(payload({ hook_event_name: "PreToolUse", tool_name: "Read", tool_input: { file_path: "/a" } })),
    ).toBeNull();
  });
});

describe("hookOutput", () => {
  const notes = [{ key: "k", line: "Tests: `pnpm test`" }];
  it("adds the notes as context and leaves the decision to the user's own settings", () => {
    const out = hookOutput("PreToolUse", notes, "on", true);
    expect(out).toEqual({
      hookSpecificOutput: {
        hookEventName: "PreToolUse",
        additionalContext: expect.stringContaining("- Tests: `pnpm test`"),
      },
    });
  });

  it("asks only before a call, with the project set to ask and its items reviewed; never allows or denies", () => {
    expect(hookOutput("PreToolUse", notes, "ask", true)).toHaveProperty("hookSpecificOutput.permissionDecision", "ask");
    expect(hookOutput("PreToolUse", notes, "ask", false)).not.toHaveProperty("hookSpecificOutput.permissionDecision");
    expect(hookOutput("PostToolUseFailure", notes, "ask", true)).not.toHaveProperty(
      "hookSpecificOutput.permissionDecision",
    );
  });

  it("is empty without notes or with the setting off", () => {
    expect(hookOutput("PreToolUse", [], "on", true)).toEqual({});
    expect(hookOutput("PreToolUse", notes, "off", true)).toEqual({});
  });
});
