import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const BIN = path.resolve("bin/starlight.mjs");

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

const homes: string[] = [];

/** A throwaway home folder for the CLI (its ~/.starlight state and push log), with its state file path. */
export function cliHome(): { home: string; state: string } {
  const home = fs.mkdtempSync(path.join(os.tmpdir(), "starlight-cli-"));
  homes.push(home);
  return { home, state: path.join(home, "state", "import-state.json") };
}

/** Removes every folder cliHome() made; call it from afterAll. */
export function removeCliHomes(): void {
  for (const home of homes.splice(0)) fs.rmSync(home, { recursive: true, force: true });
}

/**
 * Runs `node bin/starlight.mjs <args>` as a user would, asynchronously (the app server answering it lives in
 * this process), with HOME pointed at `home` and no STARLIGHT_URL/TOKEN inherited from the caller.
 */
export function runCli(args: string[], options: { home: string; env?: Record<string, string>; input?: string }): Promise<CliResult> {
  const { STARLIGHT_URL: _url, STARLIGHT_TOKEN: _token, ...inherited } = process.env;
  const env: NodeJS.ProcessEnv = { ...inherited, HOME: options.home, ...options.env };
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { env, stdio: ["pipe", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(options.input ?? "");
  });
}
