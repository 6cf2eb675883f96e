import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { adminToken } from "./auth";

const BIN = path.resolve("bin/starlight.mjs");

export interface CliResult {
  code: number | null;
  /** The signal that ended it, when one did. */
  signal: NodeJS.Signals | null;
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

export interface CliOptions {
  home: string;
  env?: Record<string, string>;
  input?: string;
  /** The STARLIGHT_TOKEN the CLI gets: the admin's all-projects token unless given; null for none. */
  token?: string | null;
}

/** A CLI run under way: the process, and its outcome once it ends. */
export interface CliRun {
  child: ChildProcessWithoutNullStreams;
  done: Promise<CliResult>;
}

/**
 * Starts `node bin/starlight.mjs <args>` as a user would, asynchronously (the app server answering it lives in
 * this process), with HOME pointed at `home`, no STARLIGHT_URL/TOKEN inherited from the caller, and the
 * admin's API token in STARLIGHT_TOKEN (see `token`).
 */
export async function startCli(args: string[], options: CliOptions): Promise<CliRun> {
  const { STARLIGHT_URL: _url, STARLIGHT_TOKEN: _token, ...inherited } = process.env;
  const token = options.token === undefined ? await adminToken() : options.token;
  const env: NodeJS.ProcessEnv = {
    ...inherited,
    HOME: options.home,
    ...(token === null ? {} : { STARLIGHT_TOKEN: token }),
    ...options.env,
  };
  const child = spawn(process.execPath, [BIN, ...args], { env, stdio: ["pipe", "pipe", "pipe"] });
  const done = new Promise<CliResult>((resolve, reject) => {
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("error", reject);
    child.on("close", (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
  child.stdin.end(options.input ?? "");
  return { child, done };
}

/** Runs the CLI (`startCli`) to its end. */
export async function runCli(args: string[], options: CliOptions): Promise<CliResult> {
  return (await startCli(args, options)).done;
}
