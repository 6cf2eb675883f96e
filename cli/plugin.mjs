// @ts-check
// The entry of the plugin's own copy of the CLI, plugins/starlight/dist/starlight.mjs (`node scripts/build-cli.mjs
// --plugin`): the same commands as bin/starlight.mjs, in one file that needs nothing but node, because Claude Code
// and Codex install a plugin by copying its folder, without npm.
import { main } from "./main.mjs";

process.exitCode = await main(process.argv.slice(2));
