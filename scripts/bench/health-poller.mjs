// Asks a server's /api/v1/health back to back (10 ms apart) until its parent sends "stop", then sends back each
// answer's latency in ms. A process of its own, so the bench's own work (building and sending the load) adds
// nothing to the figures; its first check, before it says it has started, is not counted: a new process's first
// fetch loads and compiles fetch itself and opens the connection (130 ms to 1 s on a loaded machine, the worst sample
// of most loads when it was counted). Usage: fork("scripts/bench/health-poller.mjs", [url]).
const url = `${process.argv[2]}/api/v1/health`;
const samples = [];
let running = true;
process.on("message", (message) => {
  if (message === "stop") running = false;
});

async function check() {
  const started = performance.now();
  const response = await fetch(url);
  await response.arrayBuffer();
  return performance.now() - started;
}

await check();
process.send("started");
while (running) {
  samples.push(await check());
  await new Promise((resolve) => setTimeout(resolve, 10));
}
process.send(samples, () => process.exit(0));
