// @ts-check
import { resolveServer } from "./config.mjs";

export const GUIDANCE_FORMATS = ["markdown", "claude-md", "cursor", "windsurf", "agents-md", "hook-json"];
const TIMEOUT_MS = 10_000;

/**
 * `starlight guidance`: fetches `GET /api/v1/projects/<slug>/guidance?format=…` and prints it to stdout, for a
 * SessionStart hook. Never breaks a session: on any failure (bad options, server down, 404, timeout) it prints
 * nothing to stdout, explains on stderr, and exits 0.
 * @param {{ url?: string, token?: string, project?: string, format?: string }} options
 * @param {NodeJS.ProcessEnv} [env]
 * @returns {Promise<number>}
 */
export async function runGuidance(options, env = process.env) {
  try {
    const text = await fetchGuidance(options, env);
    process.stdout.write(text);
  } catch (error) {
    const message = /** @type {Error} */ (error)?.message ?? String(error);
    process.stderr.write(`starlight guidance: ${message} — printing nothing so the session starts normally\n`);
  }
  return 0;
}

/**
 * @param {{ url?: string, token?: string, project?: string, format?: string }} options
 * @param {NodeJS.ProcessEnv} env
 * @returns {Promise<string>}
 */
async function fetchGuidance(options, env) {
  const project = options.project || env.STARLIGHT_PROJECT;
  if (!project) throw new Error("--project <slug> is required (or STARLIGHT_PROJECT)");
  const format = options.format ?? "hook-json";
  if (!GUIDANCE_FORMATS.includes(format)) throw new Error(`--format must be one of ${GUIDANCE_FORMATS.join(", ")}, not "${format}"`);
  const server = resolveServer(options, env);
  const url = new URL(`${server.url}/api/v1/projects/${encodeURIComponent(project)}/guidance`);
  url.searchParams.set("format", format);
  /** @type {Record<string, string>} */
  const headers = {};
  if (server.token) headers.authorization = `Bearer ${server.token}`;
  let response;
  try {
    response = await fetch(url, { headers, signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (error) {
    const err = /** @type {{ name?: string, message?: string, cause?: { code?: string } }} */ (error);
    if (err.name === "TimeoutError") throw new Error(`Starlight at ${server.url} did not answer within ${TIMEOUT_MS / 1000} s`);
    throw new Error(`cannot reach Starlight at ${server.url}: ${err.cause?.code ?? err.message ?? String(error)}`);
  }
  const text = await response.text();
  if (!response.ok) {
    let detail = `HTTP ${response.status}`;
    try {
      const body = /** @type {{ error?: { message?: string } }} */ (JSON.parse(text));
      if (body.error?.message) detail += `: ${body.error.message}`;
    } catch {
      // not JSON
    }
    throw new Error(`Starlight answered ${detail}`);
  }
  if (format === "hook-json") JSON.parse(text); // never hand a hook broken JSON
  return text;
}
