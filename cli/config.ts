import os from "node:os";
import path from "node:path";
import { UsageError } from "./errors";

const DEFAULT_URL = "http://localhost:3000";

export interface Server {
  /** base URL without a trailing slash */
  url: string;
  token: string | undefined;
}

/**
 * The server to talk to: --url, else STARLIGHT_URL, else localhost:3000; --token, else STARLIGHT_TOKEN.
 */
export function resolveServer(options: { url?: string; token?: string }, env: NodeJS.ProcessEnv = process.env): Server {
  const raw = options.url || env.STARLIGHT_URL || DEFAULT_URL;
  let parsed;
  try {
    parsed = new URL(raw);
  } catch {
    throw new UsageError(`"${raw}" is not a URL (expected something like ${DEFAULT_URL})`);
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:")
    throw new UsageError(`"${raw}" must start with http:// or https://`);
  const token = options.token || env.STARLIGHT_TOKEN || undefined;
  return { url: parsed.href.replace(/\/+$/, ""), token };
}

/** Where the CLI keeps its own files: ~/.starlight. */
function starlightHome() {
  return path.join(os.homedir(), ".starlight");
}

/** The import state file: STARLIGHT_STATE, else ~/.starlight/import-state.json. */
export function statePath(env = process.env) {
  return env.STARLIGHT_STATE ? path.resolve(env.STARLIGHT_STATE) : path.join(starlightHome(), "import-state.json");
}

/** The log of background pushes: ~/.starlight/push.log. */
export function pushLogPath() {
  return path.join(starlightHome(), "push.log");
}
