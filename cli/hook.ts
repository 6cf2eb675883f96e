import { EDIT_TOOLS, SHELL_TOOLS } from "../lib/just-in-time/contract";
import { callError } from "../lib/just-in-time/failure";
import { hookProject } from "../lib/walk/hook-project";
import { resolveServer } from "./config";
import { postJson } from "./post-json";
import { readStdin } from "./stdin";

/** A hook runs at every tool call: a server slower than this is left behind and the call goes on untouched. */
const TIMEOUT_MS = 2_000;
/** Of a call's output, what a failure's error needs. */
const MAX_TEXT = 20_000;
/** The event each moment stands for when the payload does not name it (Gemini CLI's AfterTool is a post-tool too). */
const EVENTS = { "pre-tool": "PreToolUse", "post-tool": "PostToolUse" };

type HookMoment = "pre-tool" | "post-tool";

/** Gemini CLI's response fields that may hold a tool's whole content as parts or a diff: sent only as text. */
const TEXT_ONLY = new Set(["llmContent", "returnDisplay"]);
const capped = (value: unknown) => (typeof value === "string" ? value.slice(0, MAX_TEXT) : undefined);
const eventOf = (payload: Record<string, unknown>, moment: HookMoment) =>
  typeof payload.hook_event_name === "string" ? payload.hook_event_name : EVENTS[moment];

/**
 * What Starlight reads of a call, so a file written whole or a long output is not sent: the command or the file,
 * and of the response only what says whether it failed and how.
 */
function slim(payload: Record<string, unknown>, moment: HookMoment) {
  const input = (payload.tool_input ?? {}) as Record<string, unknown>;
  const response = payload.tool_response;
  const pick = (from: Record<string, unknown>, keys: string[]) =>
    Object.fromEntries(
      keys
        .filter((k) => from[k] !== undefined && (typeof from[k] === "string" || !TEXT_ONLY.has(k)))
        .map((k) => [k, typeof from[k] === "string" ? capped(from[k]) : from[k]]),
    );
  return {
    session_id: payload.session_id,
    cwd: payload.cwd,
    hook_event_name: eventOf(payload, moment),
    tool_name: payload.tool_name,
    tool_input: pick(input, ["command", "cmd", "file_path", "notebook_path", "path"]),
    tool_response:
      response !== null && typeof response === "object"
        ? pick(response as Record<string, unknown>, [
            "is_error",
            "exit_code",
            "exitCode",
            "stderr",
            "stdout",
            "output",
            "llmContent",
            "returnDisplay",
            "error",
          ])
        : capped(response),
    error: capped(payload.error),
  };
}

/**
 * `starlight hook pre-tool | post-tool`: a PreToolUse, PostToolUse, PostToolUseFailure (Claude Code, Codex) or
 * AfterTool (Gemini CLI) hook. Sends the call to `POST /api/v1/projects/<slug>/guidance/tool-call` and prints the hook
 * output Starlight answers: a note from the project's knowledge, or nothing (docs/just-in-time.md). A tool it has
 * nothing to say about, or a call that went through, is not sent. Never in the way: on any failure (server down or
 * slower than 2 s, bad payload) it prints nothing, says why on stderr and exits 0.
 */
export async function runHook(
  moment: HookMoment,
  options: { url?: string; token?: string; project?: string },
  env: NodeJS.ProcessEnv = process.env,
): Promise<number> {
  try {
    const payload = (JSON.parse(await readStdin("the tool call's hook payload (JSON)")) ?? {}) as Record<
      string,
      unknown
    >;
    const tool = String(payload.tool_name ?? "");
    if (!SHELL_TOOLS.has(tool) && !EDIT_TOOLS.has(tool)) return 0;
    if (moment === "post-tool" && callError(eventOf(payload, moment), payload.tool_response, payload.error) === null)
      return 0;
    const project = options.project || env.STARLIGHT_PROJECT || hookProject(payload);
    if (!project) throw new Error("the hook payload's cwd names no project; pass --project <slug>");
    const server = resolveServer(options, env);
    const headers: Record<string, string> = { "content-type": "application/json" };
    if (server.token) headers.authorization = `Bearer ${server.token}`;
    const { status, text } = await postJson(
      `${server.url}/api/v1/projects/${encodeURIComponent(project)}/guidance/tool-call`,
      headers,
      JSON.stringify(slim(payload, moment)),
      TIMEOUT_MS,
    );
    if (status < 200 || status > 299) throw new Error(`Starlight answered HTTP ${status}: ${text.slice(0, 200)}`);
    const answer = JSON.parse(text);
    if (answer !== null && typeof answer === "object" && "hookSpecificOutput" in answer)
      process.stdout.write(`${JSON.stringify(answer)}\n`);
  } catch (error) {
    const err = error as { name?: string; message?: string };
    const why =
      err?.name === "TimeoutError" ? `no answer within ${TIMEOUT_MS / 1000} s` : (err?.message ?? String(error));
    process.stderr.write(`starlight hook ${moment}: ${why} — the call goes on without a note\n`);
  }
  return 0;
}
