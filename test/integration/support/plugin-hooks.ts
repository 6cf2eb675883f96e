import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { HooksFile } from "./plugin-manifests";

const PLUGINS = path.resolve("plugins");

export interface Hook {
  command: string;
  timeout: number;
}

export interface HookRun {
  code: number | null;
  stdout: string;
  stderr: string;
  /** How long the command ran, in ms (a hook must end within its timeout, or the agent kills it). */
  ms: number;
}

/** The one command hook a hooks file holds for an event. */
export function onlyHook(file: HooksFile, event: keyof HooksFile["hooks"]): Hook {
  const hooks = (file.hooks[event] ?? []).flatMap((g) => g.hooks);
  if (hooks.length !== 1) throw new Error(`${event}: ${hooks.length} hooks, expected one`);
  return hooks[0]!;
}

/**
 * The plugin as Claude Code and Codex install it (or, `starlight-gemini`, the extension as Gemini CLI installs it):
 * its folder copied on its own into `parent` (their plugin cache), with no node_modules anywhere above it, so the
 * hooks prove they need nothing but node.
 */
export function installPluginCopy(parent: string, plugin: "starlight" | "starlight-gemini" = "starlight"): string {
  const root = path.join(parent, plugin);
  fs.cpSync(path.join(PLUGINS, plugin), root, { recursive: true });
  return root;
}

/**
 * What Gemini CLI does before running an extension's hook (extensions reference, "Variables"): `${extensionPath}` is
 * the installed extension's folder and `${/}` the path separator; the hook's timeout is in milliseconds.
 */
export function asGeminiCli(hook: { command: string; timeout?: number }, root: string): Hook {
  return {
    command: hook.command.replaceAll("${extensionPath}", root).replaceAll("${/}", path.sep),
    timeout: (hook.timeout ?? 60_000) / 1000,
  };
}

/**
 * What Claude Code does before running a plugin's hook (plugin manifest reference, "Environment variables"):
 * `${CLAUDE_PLUGIN_ROOT}` in the command is replaced by the installed plugin's folder, which is also exported with
 * every user-config option as CLAUDE_PLUGIN_OPTION_<KEY>, the key in upper case.
 */
export function asClaudeCode(
  hook: Hook,
  root: string,
  options: Record<string, string>,
  home: string,
): { hook: Hook; env: Record<string, string> } {
  const env: Record<string, string> = { HOME: home, CLAUDE_PLUGIN_ROOT: root, CLAUDE_PROJECT_DIR: os.tmpdir() };
  for (const [key, value] of Object.entries(options)) env[`CLAUDE_PLUGIN_OPTION_${key.toUpperCase()}`] = value;
  return { hook: { ...hook, command: hook.command.replaceAll("${CLAUDE_PLUGIN_ROOT}", root) }, env };
}

/**
 * Runs a hook command as the agent does: through a shell, the payload on stdin, the hook's timeout enforced (a hook
 * still running then is killed, and the run fails), with `env` as the agent's additions and nothing of the caller's
 * STARLIGHT_* settings.
 */
export function runHookCommand(hook: Hook, env: Record<string, string>, payload: string): Promise<HookRun> {
  const { STARLIGHT_URL: _url, STARLIGHT_TOKEN: _token, STARLIGHT_STATE: _state, ...inherited } = process.env;
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn("/bin/sh", ["-c", hook.command], {
      cwd: os.tmpdir(),
      env: { ...inherited, ...env },
      stdio: ["pipe", "pipe", "pipe"],
    });
    const timer = setTimeout(() => child.kill("SIGKILL"), hook.timeout * 1000);
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("error", reject);
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr, ms: Date.now() - started });
    });
    child.stdin.end(payload);
  });
}
