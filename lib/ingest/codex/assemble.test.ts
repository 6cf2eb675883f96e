import { describe, expect, it } from "vitest";
import { generateCodexRollout } from "@/test/factories/generate/codex";
import { assembleRollouts } from "@/lib/ingest/codex/assemble";
import { parseFile } from "@/lib/ingest/parse-file";
import type { RolloutFile } from "@/lib/ingest/types";

let clock = Date.UTC(2025, 9, 3, 10);
const line = (type: string, payload: Record<string, unknown>) =>
  JSON.stringify({ timestamp: new Date((clock += 1000)).toISOString(), type, payload });
const item = (payload: Record<string, unknown>) => line("response_item", payload);
const event = (payload: Record<string, unknown>) => line("event_msg", payload);
const rollout = (...lines: string[]): RolloutFile =>
  parseFile(lines.join("\n"), "rollout-2025-10-03T10-00-00-0199a213-81c0-7800-8aa1-bbab2a035a53.jsonl").rollout!;
const meta = line("session_meta", {
  id: "main-1",
  cwd: "/home/me/src/shop/.claude/worktrees/x",
  git: { branch: "feat/cart" },
  cli_version: "0.63.0",
});
const usage = (input: number, cached: number, output: number) => ({
  input_tokens: input,
  cached_input_tokens: cached,
  output_tokens: output,
  reasoning_output_tokens: 0,
  total_tokens: input + output,
});

describe("assembling a Codex session", () => {
  it("reads prompts (not the context Codex injects), calls with their outcomes, interrupts, refusals and tokens", () => {
    const t = assembleRollouts(
      rollout(
        meta,
        item({
          type: "message",
          role: "user",
          content: [{ type: "input_text", text: "<environment_context><cwd>/x</cwd></environment_context>" }],
        }),
        line("turn_context", { model: "gpt-5-codex" }),
        event({ type: "user_message", message: "# AGENTS.md instructions for /x\n\nbe nice" }),
        event({ type: "user_message", message: "fix the cart" }),
        item({ type: "message", role: "user", content: [{ type: "input_text", text: "fix the cart" }] }),
        item({ type: "function_call", name: "exec_command", arguments: '{"cmd":"npm test"}', call_id: "c1" }),
        event({ type: "exec_command_end", call_id: "c1", exit_code: 1 }),
        item({ type: "function_call_output", call_id: "c1", output: "Chunk ID: 1\nOutput:\n1 failed" }),
        event({
          type: "token_count",
          info: { last_token_usage: usage(100, 40, 10), total_token_usage: usage(100, 40, 10) },
        }),
        event({
          type: "token_count",
          info: { last_token_usage: usage(100, 40, 10), total_token_usage: usage(100, 40, 10) },
          rate_limits: {},
        }),
        item({ type: "function_call", name: "mcp_call", arguments: "{}", call_id: "c2" }),
        event({
          type: "mcp_tool_call_end",
          call_id: "c2",
          invocation: { server: "db", tool: "query" },
          result: { Err: "down" },
        }),
        item({ type: "function_call_output", call_id: "c2", output: "error" }),
        event({ type: "turn_aborted", reason: "interrupted" }),
        event({ type: "user_message", message: "no, use the sandbox" }),
        item({
          type: "function_call",
          name: "shell",
          arguments: '{"command":["bash","-lc","rm -rf build"]}',
          call_id: "c3",
        }),
        item({ type: "function_call_output", call_id: "c3", output: "exec command rejected by user" }),
        event({ type: "user_message", message: "keep build" }),
        item({
          type: "custom_tool_call",
          name: "apply_patch",
          call_id: "c4",
          input: "*** Begin Patch\n*** Update File: src/cart.ts\n@@\n-a\n+b\n*** End Patch",
        }),
        item({
          type: "custom_tool_call_output",
          call_id: "c4",
          output: '{"output":"Success.","metadata":{"exit_code":0}}',
        }),
        event({
          type: "token_count",
          info: { last_token_usage: usage(50, 0, 5), total_token_usage: usage(150, 40, 15) },
        }),
        event({ type: "error", message: "stream disconnected" }),
      ),
      [],
    );
    expect(t.prompts.map((p) => [p.text, p.after])).toEqual([
      ["fix the cart", null],
      ["no, use the sandbox", "interruption"],
      ["keep build", "rejection"],
    ]);
    expect(t.task).toBe("fix the cart");
    expect(t.operations!.map((o) => [o.tool, o.command ?? o.file, o.isError])).toEqual([
      ["Bash", "npm test", true],
      ["mcp__db__query", null, true],
      ["Bash", "rm -rf build", true],
      ["Edit", "/home/me/src/shop/.claude/worktrees/x/src/cart.ts", false],
    ]);
    expect(t.operations![0]!.output).toBe("Chunk ID: 1\nOutput:\n1 failed");
    expect(t.operations![3]!.output).toBeNull();
    expect(t.events).toEqual({ interruptions: 1, rejectedToolCalls: 1, apiErrors: 1 });
    expect(t.tokens).toEqual({ input: 60 + 50, cacheRead: 40, output: 15, cacheCreation: 0 });
    expect(t).toMatchObject({
      externalId: "main-1",
      projectHint: "shop",
      gitBranch: "feat/cart",
      models: ["gpt-5-codex"],
      filesModified: ["/home/me/src/shop/.claude/worktrees/x/src/cart.ts"],
    });
    expect(t.success.source).toBe("heuristic");
  });

  it("reads prompts from response_item messages when a rollout has no user_message events (older Codex)", () => {
    const t = assembleRollouts(
      rollout(
        meta,
        item({
          type: "message",
          role: "user",
          content: [
            { type: "input_text", text: "<user_instructions>x</user_instructions>" },
            { type: "input_text", text: "add tests" },
          ],
        }),
      ),
      [],
    );
    expect(t.prompts.map((p) => p.text)).toEqual(["add tests"]);
  });

  it("folds a sub-agent thread into its parent: its calls are delegated and interleaved by time, its prompts are not the person's", () => {
    const parent = generateCodexRollout({ seed: 11, turns: 2 });
    const child = generateCodexRollout({
      seed: 12,
      turns: 1,
      parentThreadId: parent.threadId,
      start: Date.UTC(2026, 4, 12, 8, 0, 30),
    });
    const main = parseFile(parent.text, parent.name).rollout!;
    const agent = parseFile(child.text, child.name).rollout!;
    expect(agent.parentThreadId).toBe(parent.threadId);
    const alone = assembleRollouts(main, []);
    const t = assembleRollouts(main, [agent]);
    const delegated = t.operations!.filter((o) => o.delegated);
    expect(delegated).toHaveLength(assembleRollouts({ ...agent, parentThreadId: null }, []).operationCount);
    expect(t.operationCount).toBe(alone.operationCount + delegated.length);
    expect(t.prompts).toEqual(alone.prompts);
    expect(t.subagents).toEqual([
      {
        agentId: child.threadId,
        agentType: "worker",
        description: null,
        workflow: null,
        operationCount: delegated.length,
      },
    ]);
    expect(t.operations!.map((o) => o.at)).toEqual([...t.operations!.map((o) => o.at)].sort((a, b) => a! - b!));
    expect(t.tokens!.input).toBe(
      alone.tokens!.input + assembleRollouts({ ...agent, parentThreadId: null }, []).tokens!.input,
    );
  });
});
