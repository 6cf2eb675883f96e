import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { hookSession } from "../lib/walk/agents";
import { pushLogPath, resolveServer, statePath } from "./config";
import { CliError } from "./errors";
import { plural } from "./format";
import { uploadFiles } from "./http";
import { appendUploaded } from "./state";
import { readStdin } from "./stdin";
import { Tally } from "./tally";
import type { Options } from "./args";

/** The payload handed to the detached child (hook payloads are small: a few hundred bytes). */
const PAYLOAD_ENV = "STARLIGHT_HOOK_PAYLOAD";
const LOG_LIMIT = 1024 * 1024;
function parsePayload(text: string): { sessionId: string; transcript: string } {
  let payload: unknown;
  try {
    payload = JSON.parse(text);
  } catch {
    throw new CliError("the hook payload on stdin is not JSON");
  }
  const p = (payload ?? {}) as { transcript_path?: unknown; session_id?: unknown };
  if (typeof p.transcript_path !== "string" || !p.transcript_path)
    throw new CliError("the hook payload has no transcript_path");
  const transcript = path.resolve(p.transcript_path.replace(/^~(?=$|\/)/, os.homedir()));
  const sessionId =
    typeof p.session_id === "string" && p.session_id ? p.session_id : path.basename(transcript, ".jsonl");
  return { sessionId, transcript };
}

/**
 * Uploads one session (transcript + sub-agents) and says what happened on stderr.
 * @param text the hook payload
 */
async function pushSession(text: string, options: Options) {
  const server = resolveServer(options);
  const { sessionId, transcript } = parsePayload(text);
  if (!fs.existsSync(transcript)) throw new CliError(`transcript ${transcript} does not exist`);
  const group = await hookSession(transcript, sessionId);
  if (!group) throw new CliError(`${transcript} is not a Claude Code, Codex CLI or Gemini CLI transcript`);
  const report = await uploadFiles(server, group.files, { project: options.project });
  const tally = new Tally();
  const stored = tally.add([group], report);
  // Remember the files, so a later `starlight import` of ~/.claude/projects skips them.
  appendUploaded(statePath(), server.url, stored);

  const projects = tally.projects.size > 0 ? ` → project ${[...tally.projects].join(", ")}` : "";
  const sub = group.subagents > 0 ? ` with ${plural(group.subagents, "sub-agent")}` : "";
  const line = `pushed session ${sessionId}${sub} (${plural(group.files.length, "file")}) to ${server.url}${projects}: ${tally.accepted} accepted, ${plural(tally.duplicates, "duplicate")}, ${tally.rejected} rejected`;
  return [line, ...tally.problemLines()];
}
function log(message: string) {
  process.stderr.write(`${new Date().toISOString()} starlight push: ${message}\n`);
}

/**
 * Starts a detached `starlight push` with the payload in its environment and its output appended to
 * ~/.starlight/push.log, then returns without waiting.
 */
function spawnBackground(text: string, options: Options) {
  const server = resolveServer(options);
  const logFile = pushLogPath();
  fs.mkdirSync(path.dirname(logFile), { recursive: true });
  try {
    if (fs.statSync(logFile).size > LOG_LIMIT) fs.renameSync(logFile, `${logFile}.1`);
  } catch {
    // no log yet
  }
  const fd = fs.openSync(logFile, "a");
  try {
    // The script this process runs (bin/starlight.mjs, or the plugin's copy of the command) runs the child too.
    const args = [process.argv[1] as string, "push", ...(options.project ? ["--project", options.project] : [])];
    const env: NodeJS.ProcessEnv = { ...process.env, [PAYLOAD_ENV]: text, STARLIGHT_URL: server.url };
    if (server.token) env.STARLIGHT_TOKEN = server.token;
    const child = spawn(process.execPath, args, { detached: true, stdio: ["ignore", fd, fd], env, windowsHide: true });
    child.unref();
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * `starlight push`: the hook command. Never fails the hook: every problem is printed (or logged) and the
 * exit code is 0.
 */
export async function runPush(options: Options): Promise<number> {
  const inChild = process.env[PAYLOAD_ENV] !== undefined;
  const say = inChild ? log : (m: string) => process.stderr.write(`starlight: ${m}\n`);
  try {
    if (inChild) {
      const text = process.env[PAYLOAD_ENV] as string;
      delete process.env[PAYLOAD_ENV];
      say((await pushSession(text, options)).join("\n"));
      return 0;
    }
    const text = await readStdin("a Claude Code hook payload (JSON with session_id and transcript_path)");
    if (options.background) {
      spawnBackground(text, options);
      return 0;
    }
    say((await pushSession(text, options)).join("\n"));
  } catch (error) {
    const message = error instanceof CliError ? error.message : ((error as Error)?.stack ?? String(error));
    say(`push failed: ${message}`);
  }
  return 0;
}
