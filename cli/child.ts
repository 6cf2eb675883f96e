import { spawn } from "node:child_process";

const TAIL_CHARS = 4_000;
/** After the time limit: SIGTERM to the whole process group, then SIGKILL if it is still there this much later. */
const GRACE_MS = 5_000;

import type { ProcessEnd } from "../lib/ablation/contract";

interface Ran {
  end: ProcessEnd;
  tail: string;
}

/**
 * Runs `command` with `sh -c` in its own process group, so a time limit stops everything it started (an agent's
 * tools, a test runner's workers), never the CLI itself. Output is kept only as its last few thousand characters.
 * A command that cannot be started ends like one that exited 127, as the shell would say.
 */
export function runCommand(
  command: string,
  { cwd, env, timeoutMs }: { cwd: string; env: NodeJS.ProcessEnv; timeoutMs: number },
): Promise<Ran> {
  const started = Date.now();
  return new Promise((resolve) => {
    let tail = "";
    let timedOut = false;
    const keep = (chunk: Buffer) => {
      tail = (tail + chunk.toString("utf8")).slice(-TAIL_CHARS);
    };
    const child = spawn("sh", ["-c", command], { cwd, env, detached: true, stdio: ["ignore", "pipe", "pipe"] });
    child.stdout.on("data", keep);
    child.stderr.on("data", keep);
    const signalGroup = (signal: NodeJS.Signals) => {
      try {
        if (child.pid !== undefined) process.kill(-child.pid, signal);
      } catch {
        // the group is gone already
      }
    };
    let kill: NodeJS.Timeout | undefined;
    const timer = setTimeout(() => {
      timedOut = true;
      signalGroup("SIGTERM");
      kill = setTimeout(() => signalGroup("SIGKILL"), GRACE_MS);
    }, timeoutMs);
    const finish = (exitCode: number | null, signal: string | null) => {
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
