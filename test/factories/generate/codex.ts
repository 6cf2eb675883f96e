import { createRandom, type Random } from "@/test/factories/generate/random";

/**
 * Seeded Codex CLI rollouts written to the documented schema (docs/agents.md#codex-cli; `RolloutItem` in
 * codex-rs/protocol/src/protocol.rs): a `session_meta`, the context Codex injects as user messages, then turns of
 * `turn_context`, the prompt (as `event_msg` `user_message` and as a `response_item` message, as Codex writes both),
 * tool calls of every kind it makes — `shell` (argv behind `bash -lc`), `exec_command` with its `exec_command_end`,
 * `local_shell_call`, `apply_patch` (a custom tool, the patch naming its files), `read_file`, an MCP tool with its
 * `mcp_tool_call_end`, `web_search_call`, `spawn_agent` — each output carrying its exit code the way that tool
 * writes it, a `token_count` after each response (sometimes repeated unchanged, as Codex does when only rate limits
 * change), interrupts (`turn_aborted`) and refused commands. Same seed, same file.
 */

export interface CodexOptions {
  seed: number;
  /** Turns (prompts) in the session. */
  turns?: number;
  cwd?: string;
  /** Set for a sub-agent thread: the thread that spawned it. */
  parentThreadId?: string;
  /** Epoch ms of the first line. */
  start?: number;
}

export interface GeneratedRollout {
  threadId: string;
  /** `YYYY/MM/DD/rollout-<time>-<id>.jsonl`, as under `~/.codex/sessions`. */
  name: string;
  lines: Record<string, unknown>[];
  text: string;
}

const COMMANDS = [
  "npm test",
  "npx vitest run",
  "cargo test",
  "git status",
  "ls -la",
  "pytest -q",
  "npm run lint",
  "rg fetchOrders src",
];
const FILES = ["src/index.ts", "src/app.ts", "src/util/math.ts", "README.md", "test/app.test.ts", "package.json"];

function uuid(rng: Random): string {
  const hex = (n: number) => Array.from({ length: n }, () => rng.int(0, 15).toString(16)).join("");
  return `${hex(8)}-${hex(4)}-7${hex(3)}-a${hex(3)}-${hex(12)}`;
}

function shellOutput(code: number, body: string): string {
  return `Exit code: ${code}\nWall time: 0.${code + 3} seconds\nOutput:\n${body}`;
}

function patchFor(rng: Random): { patch: string; ok: boolean } {
  const count = rng.int(1, 3);
  const sections = Array.from({ length: count }, (_, i) => {
    const file = FILES[(rng.int(0, FILES.length - 1) + i) % FILES.length] as string;
    return rng.chance(0.3)
      ? `*** Add File: ${file}.new\n+export const x = ${i};`
      : `*** Update File: ${file}\n@@\n-old ${i}\n+new ${i}`;
  });
  return { patch: `*** Begin Patch\n${[...new Set(sections)].join("\n")}\n*** End Patch`, ok: rng.chance(0.85) };
}

export function generateCodexRollout(options: CodexOptions): GeneratedRollout {
  const rng = createRandom(options.seed);
  const threadId = uuid(rng);
  const cwd = options.cwd ?? "/home/dev/src/widget";
  let now = options.start ?? Date.UTC(2026, 4, 12, 8, 0, 0);
  const lines: Record<string, unknown>[] = [];
  const at = () => new Date((now += rng.int(200, 4000))).toISOString();
  const push = (type: string, payload: Record<string, unknown>) => lines.push({ timestamp: at(), type, payload });
  const item = (payload: Record<string, unknown>) => push("response_item", payload);
  const event = (payload: Record<string, unknown>) => push("event_msg", payload);
  const model = rng.pick(["gpt-5-codex", "gpt-5.1-codex", "gpt-5.2-codex"]);
  const total = {
    input_tokens: 0,
    cached_input_tokens: 0,
    output_tokens: 0,
    reasoning_output_tokens: 0,
    total_tokens: 0,
  };
  const tokens = () => {
    const last = {
      input_tokens: rng.int(2000, 9000),
      cached_input_tokens: 0,
      output_tokens: rng.int(50, 900),
      reasoning_output_tokens: 0,
      total_tokens: 0,
    };
    last.cached_input_tokens = rng.int(0, last.input_tokens);
    last.reasoning_output_tokens = rng.int(0, last.output_tokens);
    last.total_tokens = last.input_tokens + last.output_tokens;
    for (const k of Object.keys(total) as (keyof typeof total)[]) total[k] += last[k];
    const payload = {
      type: "token_count",
      info: { total_token_usage: { ...total }, last_token_usage: last, model_context_window: 272000 },
      rate_limits: null,
    };
    event(payload);
    if (rng.chance(0.25)) event({ ...payload, rate_limits: { primary: { used_percent: rng.int(1, 90) } } });
  };
  let calls = 0;
  const callId = () => `call_${options.seed}_${calls++}`;

  const source = options.parentThreadId
    ? { subagent: { thread_spawn: { parent_thread_id: options.parentThreadId, depth: 1 } } }
    : "cli";
  push("session_meta", {
    id: threadId,
    timestamp: new Date(now).toISOString(),
    cwd,
    originator: "codex_cli_rs",
    cli_version: "0.63.0",
    instructions: null,
    source,
    ...(options.parentThreadId ? { agent_role: "worker" } : {}),
    git: {
      commit_hash: "3f2a9c1",
      branch: rng.pick(["main", "feat/parser", "fix/login"]),
      repository_url: "git@github.com:dev/widget.git",
    },
  });
  item({
    type: "message",
    role: "user",
    content: [{ type: "input_text", text: "<user_instructions>\nAlways run the tests.\n</user_instructions>" }],
  });
  item({
    type: "message",
    role: "user",
    content: [
      {
        type: "input_text",
        text: `<environment_context>\n  <cwd>${cwd}</cwd>\n  <approval_policy>on-request</approval_policy>\n</environment_context>`,
      },
    ],
  });

  const turns = options.turns ?? rng.int(2, 5);
  for (let turn = 0; turn < turns; turn++) {
    push("turn_context", {
      cwd,
      approval_policy: "on-request",
      sandbox_policy: { mode: "workspace-write" },
      model,
      effort: "medium",
      summary: "auto",
    });
    const prompt =
      rng.pick([
        "Fix the failing test in src/app.ts",
        "Add a sum helper and test it",
        "Why does the build fail?",
        "Rename the widget module",
      ]) + ` (${turn + 1})`;
    event({ type: "user_message", message: prompt, images: [] });
    item({ type: "message", role: "user", content: [{ type: "input_text", text: prompt }] });
    const steps = rng.int(2, 7);
    for (let step = 0; step < steps; step++) {
      item({
        type: "reasoning",
        summary: [{ type: "summary_text", text: "Looking at the code" }],
        encrypted_content: null,
      });
      const id = callId();
      const kind = rng.weighted([
        ["shell", 5],
        ["exec", 2],
        ["local", 1],
        ["patch", 3],
        ["read", 2],
        ["mcp", 1],
        ["web", 1],
        ["spawn", 1],
      ] as const);
      const fails = rng.chance(0.2);
      const command = rng.pick(COMMANDS);
      if (kind === "shell") {
        item({
          type: "function_call",
          name: "shell",
          arguments: JSON.stringify({ command: ["bash", "-lc", command], workdir: cwd, timeout_ms: 120000 }),
          call_id: id,
        });
        const refused = !fails && rng.chance(0.05);
        const output = refused
          ? "exec command rejected by user"
          : shellOutput(
              fails ? rng.int(1, 2) : 0,
              fails ? "Error: 1 test failed\nFAIL test/app.test.ts" : "ok\n5 passed",
            );
        item({ type: "function_call_output", call_id: id, output });
      } else if (kind === "exec") {
        item({
          type: "function_call",
          name: "exec_command",
          arguments: JSON.stringify({ cmd: command, workdir: cwd }),
          call_id: id,
        });
        const code = fails ? 1 : 0;
        event({
          type: "exec_command_end",
          call_id: id,
          exit_code: code,
          stdout: "",
          stderr: "",
          aggregated_output: "done",
          duration: { secs: 1, nanos: 0 },
        });
        item({
          type: "function_call_output",
          call_id: id,
          output: `Chunk ID: ${id}\nWall time: 1.0 seconds\nProcess exited with code ${code}\nOutput:\ndone`,
        });
      } else if (kind === "local") {
        item({
          type: "local_shell_call",
          call_id: id,
          status: "completed",
          action: { type: "exec", command: ["bash", "-lc", command], working_directory: cwd },
        });
        item({
          type: "function_call_output",
          call_id: id,
          output: JSON.stringify({
            output: fails ? "boom" : "ok",
            metadata: { exit_code: fails ? 2 : 0, duration_seconds: 0.2 },
          }),
        });
      } else if (kind === "patch") {
        const { patch, ok } = patchFor(rng);
        item({ type: "custom_tool_call", status: "completed", call_id: id, name: "apply_patch", input: patch });
        const output = ok
          ? {
              output: "Success. Updated the following files:\nM src/app.ts\n",
              metadata: { exit_code: 0, duration_seconds: 0 },
            }
          : {
              output: "apply_patch verification failed: Failed to find expected lines",
              metadata: { exit_code: 1, duration_seconds: 0 },
            };
        item({ type: "custom_tool_call_output", call_id: id, output: JSON.stringify(output) });
      } else if (kind === "read") {
        item({
          type: "function_call",
          name: "read_file",
          arguments: JSON.stringify({ file_path: `${cwd}/${rng.pick(FILES)}`, offset: 1, limit: 200 }),
          call_id: id,
        });
        item({ type: "function_call_output", call_id: id, output: "L1: export const a = 1;" });
      } else if (kind === "mcp") {
        item({
          type: "function_call",
          name: "github__search_issues",
          arguments: JSON.stringify({ query: "parser" }),
          call_id: id,
        });
        event({
          type: "mcp_tool_call_end",
          call_id: id,
          invocation: { server: "github", tool: "search_issues", arguments: { query: "parser" } },
          duration: { secs: 0, nanos: 5 },
          result: fails ? { Err: "timeout" } : { Ok: { content: [], isError: false } },
        });
        item({ type: "function_call_output", call_id: id, output: fails ? "tool call error: timeout" : "[]" });
      } else if (kind === "web") {
        item({ type: "web_search_call", status: "completed", action: { type: "search", query: "vitest coverage" } });
      } else {
        item({
          type: "function_call",
          name: "spawn_agent",
          arguments: JSON.stringify({ message: "Check the tests", agent_type: "worker" }),
          call_id: id,
        });
        item({ type: "function_call_output", call_id: id, output: JSON.stringify({ agent_id: uuid(rng) }) });
      }
      tokens();
    }
    if (rng.chance(0.25)) event({ type: "turn_aborted", reason: "interrupted" });
    else {
      item({ type: "message", role: "assistant", content: [{ type: "output_text", text: "Done." }] });
      event({ type: "agent_message", message: "Done." });
    }
  }
  const day = new Date(options.start ?? Date.UTC(2026, 4, 12, 8, 0, 0)).toISOString();
  const stamp = day.slice(0, 19).replaceAll(":", "-");
  const name = `${day.slice(0, 4)}/${day.slice(5, 7)}/${day.slice(8, 10)}/rollout-${stamp}-${threadId}.jsonl`;
  return { threadId, name, lines, text: lines.map((l) => JSON.stringify(l)).join("\n") + "\n" };
}
