// The production server (scripts/server.mjs on the build in `.next` or STARLIGHT_NEXT_DIR) on loopback, on a
// database file of the caller's choosing or a PostgreSQL database, for the load and fault tests and the benchmark.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { SERVER_NODE_FLAGS } from "../server-flags.mjs";

const root = path.resolve(import.meta.dirname, "..", "..");
const serverScript = path.join(root, "scripts", "server.mjs");

export const ADMIN = { email: "harness@starlight.local", password: "harness-password-1" };

export interface ServerOptions {
  port: number;
  dbPath: string;
  /** A PostgreSQL database to use instead of the file at `dbPath` (STARLIGHT_DATABASE_URL). */
  databaseUrl?: string;
  /** Extra environment (limits); the admin and database are set here. */
  env?: Record<string, string>;
  /** Where the server's output goes (appended). */
  logFile: string;
}

export interface RunningServer {
  url: string;
  child: ChildProcess;
  /** SIGKILL to the server's whole process group; resolves once it is gone. */
  kill(): Promise<void>;
  /** SIGTERM, then SIGKILL after 5 s; resolves once it is gone. */
  stop(): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitReady(url: string, child: ChildProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`the server exited (${child.exitCode ?? child.signalCode}) before it was ready`);
    try {
      const response = await fetch(`${url}/api/v1/health`, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await sleep(50);
  }
  throw new Error(`the server did not answer /api/v1/health within ${timeoutMs / 1000}s`);
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once("exit", () => resolve()));
}

async function answers(url: string): Promise<boolean> {
  try {
    await fetch(`${url}/api/v1/health`, { signal: AbortSignal.timeout(2_000) });
    return true;
  } catch {
    return false;
  }
}

/** Starts scripts/server.mjs in its own process group and waits until /api/v1/health answers. */
export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const url = `http://127.0.0.1:${options.port}`;
  if (await answers(url))
    throw new Error(`something already answers on port ${options.port}: stop it or choose another port`);
  const log = fs.openSync(options.logFile, "a");
  const child = spawn(
    process.execPath,
    [...SERVER_NODE_FLAGS, serverScript, "--host", "127.0.0.1", "--port", String(options.port)],
    {
      cwd: root,
      detached: true,
      stdio: ["ignore", log, log],
      env: {
        ...process.env,
        NODE_ENV: "production",
        NEXT_TELEMETRY_DISABLED: "1",
        STARLIGHT_DB: options.dbPath,
        ...(options.databaseUrl ? { STARLIGHT_DATABASE_URL: options.databaseUrl } : {}),
        STARLIGHT_ADMIN_EMAIL: ADMIN.email,
        STARLIGHT_ADMIN_PASSWORD: ADMIN.password,
        ...options.env,
      },
    },
  );
  fs.closeSync(log);
  const signal = async (name: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, name);
    } catch {
      // already gone
    }
  };
  const server: RunningServer = {
    url,
    child,
    kill: async () => {
      await signal("SIGKILL");
      await exited(child);
    },
    stop: async () => {
      await signal("SIGTERM");
      const timer = setTimeout(() => void signal("SIGKILL"), 5_000);
      await exited(child);
      clearTimeout(timer);
    },
  };
  try {
    await waitReady(url, child);
  } catch (error) {
    await server.kill();
    throw error;
  }
  return server;
}

/** Signs in as the bootstrap admin and creates an API token that may read and upload to every project. */
export async function createToken(url: string, name: string): Promise<string> {
  const signIn = await fetch(`${url}/api/v1/session`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: url },
    body: JSON.stringify(ADMIN),
  });
  if (!signIn.ok) throw new Error(`sign-in failed: ${signIn.status} ${await signIn.text()}`);
  const cookie = (signIn.headers.get("set-cookie") ?? "").split(";")[0]!;
  const created = await fetch(`${url}/api/v1/tokens`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: url, cookie },
    body: JSON.stringify({ name, permissions: ["read", "ingest"], projects: "all" }),
  });
  if (created.status !== 201) throw new Error(`token creation failed: ${created.status} ${await created.text()}`);
  return ((await created.json()) as { token: string }).token;
}
