/**
 * Hook latency (docs/just-in-time.md): a note at a tool call must cost the agent little, since the hook runs at every
 * shell call and edit. With the Claude Code fixtures imported, the tool-call endpoint is asked `calls` times over
 * HTTP (a PreToolUse of the deep-manifest fixture's known mistake in a new session, so a note is matched, recorded
 * and answered; a PreToolUse that matches nothing; a PostToolUseFailure of the known error), then the plugin's own
 * command (`node plugins/starlight/dist/hook.mjs pre-tool`, a process per call, as the agent runs it) a
 * fifth as often, each in turn with `node -e ''` (on a shared machine, the plugin's figure is read against it). "Server" is the HTTP round trip on the same machine: the server's time, plus a local request.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { latencySummary } from "../harness/latency";
import type { Databases, Engine } from "./databases";
import { startBenchServer, type BenchServer } from "./server";

export interface HookLatency {
  calls: number;
  /** Answers that carried a note (of the server's calls). */
  noted: number;
  server: { p50: number; p95: number; p99: number; max: number };
  /** /api/v1/health asked as often, in turn with the hook's calls: the round trip of the least a request costs here. */
  floor: { p50: number; p95: number; p99: number; max: number };
  plugin: { calls: number; p50: number; p95: number; p99: number; max: number };
  /** `node -e ''` started as often, in turn with the plugin's command: what starting node alone costs here now. */
  node: { p50: number; p95: number; p99: number; max: number };
}

const FIXTURES = path.resolve("test/fixtures/claude-code");
/** The plugin's tool-call hook, as its hooks.json runs it: `node dist/hook.mjs pre-tool`. */
const PLUGIN = path.resolve("plugins/starlight/dist/hook.mjs");
const CWD = "/src/deep-manifest";

function fixtureForm(): FormData {
  const form = new FormData();
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.(jsonl|json)$/.test(entry.name))
        form.append("files", new Blob([fs.readFileSync(full)]), path.relative(FIXTURES, full));
    }
  };
  walk(FIXTURES);
  return form;
}

/** The i-th call: the known mistake before it runs, a command nothing matches, the known error after it failed. */
function call(i: number): Record<string, unknown> {
  const session = `bench-hook-${i}`;
  const base = { session_id: session, cwd: CWD, tool_name: "Bash" };
  if (i % 3 === 0) return { ...base, hook_event_name: "PreToolUse", tool_input: { command: "pytest" } };
  if (i % 3 === 1) return { ...base, hook_event_name: "PreToolUse", tool_input: { command: "ls -la" } };
  return {
    ...base,
    hook_event_name: "PostToolUseFailure",
    tool_input: { command: "pytest" },
    error: "/bin/bash: line 1: pytest: command not found",
  };
}

async function serverCall(
  server: BenchServer,
  payload: Record<string, unknown>,
): Promise<{ ms: number; noted: boolean }> {
  const started = performance.now();
  const response = await fetch(`${server.url}/api/v1/projects/deep-manifest/guidance/tool-call`, {
    method: "POST",
    headers: { ...server.tokenHeaders, "content-type": "application/json" },
    body: JSON.stringify(payload),
  });
  const body = (await response.json()) as Record<string, unknown>;
  const ms = performance.now() - started;
  if (!response.ok) throw new Error(`tool-call answered ${response.status}: ${JSON.stringify(body)}`);
  return { ms, noted: "hookSpecificOutput" in body };
}

/** `node -e ''`: the least a process per call costs on this machine at this moment. */
function nodeCall(): Promise<number> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["-e", ""], { stdio: "ignore" });
    child.on("error", reject);
    child.on("close", () => resolve(performance.now() - started));
  });
}

function pluginCall(server: BenchServer, payload: Record<string, unknown>): Promise<number> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [PLUGIN, "pre-tool"], {
      env: { ...process.env, STARLIGHT_URL: server.url, STARLIGHT_TOKEN: server.token },
      stdio: ["pipe", "ignore", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("error", reject);
    child.on("close", (code) =>
      code === 0 && stderr === ""
        ? resolve(performance.now() - started)
        : reject(new Error(`hook exited ${code}: ${stderr}`)),
    );
    child.stdin.end(JSON.stringify(payload));
  });
}

export async function benchHooks(
  databases: Databases,
  engine: Engine,
  options: { port: number; log: string; calls: number },
): Promise<HookLatency> {
  const place = await databases.fresh(engine, "hooks");
  const server = await startBenchServer(place, options.port, options.log);
  try {
    const upload = await fetch(`${server.url}/api/v1/ingest`, {
      method: "POST",
      headers: server.tokenHeaders,
      body: fixtureForm(),
    });
    if (!upload.ok) throw new Error(`fixture upload answered ${upload.status}`);
    await serverCall(server, call(-1)); // mines the project's knowledge once, as its first session start would
    const server_: number[] = [];
    const floor: number[] = [];
    let noted = 0;
    for (let i = 0; i < options.calls; i++) {
      const { ms, noted: gave } = await serverCall(server, call(i));
      server_.push(ms);
      if (gave) noted++;
      const started = performance.now();
      await (await fetch(`${server.url}/api/v1/health`)).arrayBuffer();
      floor.push(performance.now() - started);
    }
    const plugin: number[] = [];
    const node: number[] = [];
    const pluginCalls = Math.max(10, Math.floor(options.calls / 5));
    for (let i = 0; i < pluginCalls; i++) {
      plugin.push(await pluginCall(server, call(options.calls + i)));
      node.push(await nodeCall());
    }
    return {
      calls: options.calls,
      noted,
      server: latencySummary(server_),
      floor: latencySummary(floor),
      plugin: { calls: pluginCalls, ...latencySummary(plugin) },
      node: latencySummary(node),
    };
  } finally {
    await server.stop();
    await place.drop();
  }
}
