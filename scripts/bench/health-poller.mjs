// Asks a server's /api/v1/health back to back (10 ms apart) until its parent sends "stop", then sends back each
// answer's latency in ms. A process of its own, so the bench's own work (building and sending the load) adds
// nothing to the figures. Usage: fork("scripts/bench/health-poller.mjs", [url]).
const url = `${process.argv[2]}/api/v1/health`;
const samples = [];
let running = true;
process.on("message", (message) => {
  if (message === "stop") running = false;
});
process.send("started");
while (running) {
  const started = performance.now();
  const response = await fetch(url);
  await response.arrayBuffer();
  samples.push(performance.now() - started);
  await new Promise((resolve) => setTimeout(resolve, 10));
}
process.send(samples, () => process.exit(0));
