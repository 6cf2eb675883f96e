// @ts-check
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { hookSession } from "../lib/walk/agents";
import { pushLogPath, resolveServer, statePath } from "./config.mjs";
import { CliError } from "./errors.mjs";
import { plural } from "./format.mjs";
import { uploadFiles } from "./http.mjs";
import { appendUploaded } from "./state.mjs";
import { readStdin } from "./stdin.mjs";
import { Tally } from "./tally.mjs";

/** @typedef {import("./args.mjs").Options} Options */

/** The payload handed to the detached child (hook payloads are small: a few hundred bytes). */
const PAYLOAD_ENV = "STARLIGHT_HOOK_PAYLOAD";
const LOG_LIMIT = 1024 * 1024;

/**
 * @param {string} text
 * @returns {{ sessionId: string, transcript: string }}
 */
function parsePayload(text) {
  /** @type {unknown} */
  let payload;
  try {
    payload = JSON.parse(text);
  } catch {
    throw new CliError("the hook payload on stdin is not JSON");
  }
  const p = /** @type {{ transcript_path?: unknown, session_id?: unknown }} */ (payload ?? {});
  if (typeof p.transcript_path !== "string" || !p.transcript_path) throw new CliError("the hook payload has no transcript_path");
  const transcript = path.resolve(p.transcript_path.replace(/^~(?=$|\/)/, os.homedir()));
  const sessionId = typeof p.session_id === "string" && p.session_id ? p.session_id : path.basename(transcript, ".jsonl");
  return { sessionId, transcript };
}

/**
 * Uploads one session (transcript + sub-agents) and says what happened on stderr.
 * @param {string} text  the hook payload
 * @param {Options} options
 */
async function pushSession(text, options) {
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

/** @param {string} message */
function log(message) {
  process.stderr.write(`${new Date().toISOString()} starlight push: ${message}\n`);
}

/**
 * Starts a detached `starlight push` with the payload in its environment and its output appended to
 * ~/.starlight/push.log, then returns without waiting.
 * @param {string} text
 * @param {Options} options
 */
function spawnBackground(text, options) {
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
    const args = [/** @type {string} */ (process.argv[1]), "push", ...(options.project ? ["--project", options.project] : [])];
    /** @type {NodeJS.ProcessEnv} */
    const env = { ...process.env, [PAYLOAD_ENV]: text, STARLIGHT_URL: server.url };
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
 * @param {Options} options
 * @returns {Promise<number>}
 */
export async function runPush(options) {
  const inChild = process.env[PAYLOAD_ENV] !== undefined;
  const say = inChild ? log : (/** @type {string} */ m) => process.stderr.write(`starlight: ${m}\n`);
  try {
    if (inChild) {
      const text = /** @type {string} */ (process.env[PAYLOAD_ENV]);
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
    const message = error instanceof CliError ? error.message : /** @type {Error} */ (error)?.stack ?? String(error);
    say(`push failed: ${message}`);
  }
  return 0;
}
