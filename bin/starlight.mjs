#!/usr/bin/env node
// @ts-check
// The `starlight` command: `npx starlight --help` in a clone, or `npm link` to put it on your PATH. It runs the
// bundle scripts/build-cli.mjs makes (cli/dist/, built by `npm install`).
import fs from "node:fs";
import { fileURLToPath } from "node:url";

const bundle = new URL("../cli/dist/starlight.mjs", import.meta.url);
if (!fs.existsSync(bundle)) {
  const clone = fileURLToPath(new URL("..", import.meta.url));
  process.stderr.write(
    `starlight: the command is not built (${fileURLToPath(bundle)} is missing): run npm install in ${clone}\n`,
  );
  process.exit(1);
}
/** @type {{ main: (argv: string[]) => Promise<number> }} */
const cli = await import(bundle.href);
process.exitCode = await cli.main(process.argv.slice(2));
