#!/usr/bin/env node
// @ts-check
// The `starlight` command: `npx starlight --help` in a clone, or `npm link` to put it on your PATH.
import { main } from "../cli/main.mjs";

process.exitCode = await main(process.argv.slice(2));
