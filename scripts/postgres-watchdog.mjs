// Started detached by scripts/postgres.mjs with a pipe from its caller on stdin: the pipe closes when the caller
// exits, however it dies (even SIGKILL), and then this stops the cluster and removes its folder. A caller that
// stops the cluster itself kills this first.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const { command, dir } = JSON.parse(process.argv[2]);

function cleanUp() {
  const data = path.join(dir, "data");
  if (fs.existsSync(path.join(data, "postmaster.pid")))
    spawnSync(command[0], [...command.slice(1), "stop", "-D", data, "-m", "fast", "-w"], { stdio: "ignore" });
  fs.rmSync(dir, { recursive: true, force: true });
  process.exit(0);
}

process.stdin.on("close", cleanUp);
process.stdin.resume();
// Detached, it has its own process group, but a hang-up or terminate aimed at it should still clean up.
for (const signal of ["SIGHUP", "SIGINT", "SIGTERM"]) process.on(signal, cleanUp);
