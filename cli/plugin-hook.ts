// The entry of the plugins' tool-call hook, dist/hook.mjs (`node scripts/build-cli.mjs --plugin`): `hook.mjs
// pre-tool | post-tool` does what `starlight hook pre-tool | post-tool` does, from a file that holds nothing else. A hook
// starts a process at every shell call and edit, so it loads no other command, no package and no fetch
// (docs/just-in-time.md#latency). Always exits 0.
const moment = process.argv[2];

if (process.env.STARLIGHT_ABLATION === "1") {
  // An agent run by `starlight ablate` (docs/ablation.md): its control arm gets no notes.
  process.stderr.write("starlight hook: inside an ablation run (STARLIGHT_ABLATION=1), so nothing is done\n");
} else if (moment === "pre-tool" || moment === "post-tool") {
  await (await import("./hook")).runHook(moment, {});
} else {
  process.stderr.write(
    `starlight hook: expected pre-tool or post-tool, not "${moment ?? ""}" — the call goes on without a note\n`,
  );
}
