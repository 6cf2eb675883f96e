// The entry of the plugin's own copy of the CLI, plugins/starlight/dist/starlight.mjs (`node scripts/build-cli.mjs
// --plugin`): the same commands as bin/starlight.mjs, in one file that needs nothing but node, because Claude Code
// and Codex install a plugin by copying its folder, without npm. A tool-call hook (`hook pre-tool | post-tool`, as the
// plugin's hooks run it) starts at every shell call and edit, so it loads only its own module: the bundle evaluates
// an imported module when it is first imported, and the other commands' modules and packages are never loaded for it.
const argv = process.argv.slice(2);
const toolCallHook =
  argv.length === 2 &&
  argv[0] === "hook" &&
  (argv[1] === "pre-tool" || argv[1] === "post-tool") &&
  process.env.STARLIGHT_ABLATION !== "1";

process.exitCode = toolCallHook
  ? await (await import("./hook")).runHook(argv[1] as "pre-tool" | "post-tool", {})
  : await (await import("./main")).main(argv);
