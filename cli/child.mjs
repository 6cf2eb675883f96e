// @ts-check
import { spawn } from "node:child_process";

const TAIL_CHARS = 4_000;
/** After the time limit: SIGTERM to the whole process group, then SIGKILL if it is still there this much later. */
const GRACE_MS = 5_000;

/**
 * @typedef {import("../lib/ablation/contract").ProcessEnd} ProcessEnd
 * @typedef {{ end: ProcessEnd, tail: string }} Ran
 */

/**
 * Runs `command` with `sh -c` in its own process group, so a time limit stops everything it started (an agent's
 * tools, a test runner's workers), never the CLI itself. Output is kept only as its last few thousand characters.
 * A command that cannot be started ends like one that exited 127, as the shell would say.
 * @param {string} command
 * @param {{ cwd: string, env: NodeJS.ProcessEnv, timeoutMs: number }} options
 * @returns {Promise<Ran>}
 */
export function runCommand(command, { cwd, env, timeoutMs }) {
  const started = Date.now();
  return new Promise((resolve) => {
    let tail = "";
    let timedOut = false;
    const keep = (/** @type {Buffer} */ chunk) => {
      tail = (tail + chunk.toString("utf8")).slice(-TAIL_CHARS);
    };
    const child = spawn("sh", ["-c", command], { cwd, env, detached: true, stdio: ["ignore", "pipe", "pipe"] });
    child.stdout.on("data", keep);
    child.stderr.on("data", keep);
    const signalGroup = (/** @type {NodeJS.Signals} */ signal) => {
      try {
        if (child.pid !== undefined) process.kill(-child.pid, signal);
      } catch {
        // the group is gone already
      }
    };
    /** @type {NodeJS.Timeout | undefined} */
    let kill;
    const timer = setTimeout(() => {
      timedOut = true;
      signalGroup("SIGTERM");
      kill = setTimeout(() => signalGroup("SIGKILL"), GRACE_MS);
    }, timeoutMs);
    const finish = (/** @type {number | null} */ exitCode, /** @type {string | null} */ signal) => {
      clearTimeout(timer);
      clearTimeout(kill);
      // Whatever it left running in its group goes with it.
      signalGroup("SIGKILL");
      resolve({ end: { exitCode, signal, timedOut, durationMs: Date.now() - started }, tail });
    };
    child.on("error", (error) => {
      keep(Buffer.from(`${error.message}\n`));
      finish(127, null);
    });
    child.on("close", finish);
  });
}
