import { GUIDANCE_FORMATS } from "../lib/guidance/contract";
import { hookProject } from "../lib/walk/hook-project";
import { resolveServer } from "./config";
import { readStdin } from "./stdin";

const TIMEOUT_MS = 10_000;
/** The session ids the server records (the same rule as its `session` parameter). */
const SESSION_ID = /^[A-Za-z0-9._:-]{1,200}$/;

type GuidanceOptions = { url?: string; token?: string; project?: string; format?: string; hook?: boolean };

interface Target {
  project: string | undefined;
  /** recorded by the server as a delivery of the guidance experiment */
  session: string | undefined;
  /** sent as maxLines/maxChars; the server's default per format without it */
  budget?: import("../lib/guidance/contract").GuidanceBudget;
}
function warn(message: string) {
  process.stderr.write(`starlight guidance: ${message}\n`);
}

/**
 * `starlight guidance`: fetches `GET /api/v1/projects/<slug>/guidance?format=…` and prints it to stdout, for a
 * SessionStart hook. With `--hook` it reads the hook payload on stdin: the session id is sent as `session`, so
 * the server records the delivery (and may hold the guidance back, for the experiment), and the project comes
 * from the payload's `cwd` unless --project or STARLIGHT_PROJECT names it. Never breaks a session: on any
 * failure (bad options, server down, 404, timeout) it prints nothing to stdout, explains on stderr, and exits 0.
 */
export async function runGuidance(options: GuidanceOptions, env: NodeJS.ProcessEnv = process.env): Promise<number> {
  try {
    const request = options.hook
      ? await fromHookPayload(options, env)
      : { project: options.project || env.STARLIGHT_PROJECT, session: undefined };
    const text = await fetchGuidance(options, request, env);
    process.stdout.write(text);
  } catch (error) {
    const message = (error as Error)?.message ?? String(error);
    warn(`${message} — printing nothing so the session starts normally`);
  }
  return 0;
}

/**
 * The project and session of a SessionStart hook payload (docs/formats.md#claude-code-hooks). A payload that cannot be read still
 * gets the guidance of a project named by --project, unrecorded.
 */
async function fromHookPayload(options: GuidanceOptions, env: NodeJS.ProcessEnv): Promise<Target> {
  const named = options.project || env.STARLIGHT_PROJECT;
  let payload: { session_id?: unknown; cwd?: unknown; transcript_path?: unknown };
  try {
    payload = JSON.parse(await readStdin("the SessionStart hook payload (JSON with session_id and cwd)")) ?? {};
  } catch (error) {
    const why = error instanceof SyntaxError ? "the hook payload on stdin is not JSON" : (error as Error).message;
    if (!named) throw new Error(why);
    warn(`${why}; fetching the guidance without recording the session`);
    return { project: named, session: undefined };
  }
  const project = named || hookProject(payload) || undefined;
  if (!project) throw new Error("the hook payload's cwd names no project; pass --project <slug>");
  const id = payload.session_id;
  const session = typeof id === "string" && SESSION_ID.test(id) ? id : undefined;
  if (!session)
    warn(
      "the hook payload has no session_id Starlight can record (1–200 of A-Z a-z 0-9 . _ : -); fetching the guidance without recording the session",
    );
  return { project, session };
}

/**
 * The project's guidance in `options.format` (default hook-json), as the server answers it; throws an Error that
 * says why for anything else (server down, timeout, an error status).
 */
export async function fetchGuidance(
  options: GuidanceOptions,
  request: Target,
  env: NodeJS.ProcessEnv,
): Promise<string> {
  if (!request.project) throw new Error("--project <slug> is required (or STARLIGHT_PROJECT)");
  const format = options.format ?? "hook-json";
  if (!GUIDANCE_FORMATS.some((f) => f === format))
    throw new Error(`--format must be one of ${GUIDANCE_FORMATS.join(", ")}, not "${format}"`);
  const server = resolveServer(options, env);
  const url = new URL(`${server.url}/api/v1/projects/${encodeURIComponent(request.project)}/guidance`);
  url.searchParams.set("format", format);
  if (request.session) url.searchParams.set("session", request.session);
  if (request.budget) {
    url.searchParams.set("maxLines", String(request.budget.maxLines));
    url.searchParams.set("maxChars", String(request.budget.maxChars));
  }
  const headers: Record<string, string> = {};
  if (server.token) headers.authorization = `Bearer ${server.token}`;
  let response;
  try {
    response = await fetch(url, { headers, signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (error) {
    const err = error as { name?: string; message?: string; cause?: { code?: string } };
    if (err.name === "TimeoutError")
      throw new Error(`Starlight at ${server.url} did not answer within ${TIMEOUT_MS / 1000} s`);
    throw new Error(`cannot reach Starlight at ${server.url}: ${err.cause?.code ?? err.message ?? String(error)}`);
  }
  const text = await response.text();
  if (!response.ok) {
    let detail = `HTTP ${response.status}`;
    try {
      const body = JSON.parse(text) as { error?: { message?: string } };
      if (body.error?.message) detail += `: ${body.error.message}`;
    } catch {
      // not JSON
    }
    throw new Error(`Starlight answered ${detail}`);
  }
  if (format === "hook-json") JSON.parse(text); // never hand a hook broken JSON
  return text;
}
