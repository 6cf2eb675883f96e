// `npm start`: builds the app when there is no build or the sources changed since the last one, then serves it.
// Migrations are applied by the server itself on start (instrumentation.ts).
import { spawnSync } from "node:child_process";
import path from "node:path";
import { buildIfStale, nextBin } from "./build-if-stale.mjs";

const root = path.resolve(import.meta.dirname, "..");
buildIfStale();
const port = process.env.PORT ?? "3000";
const result = spawnSync(process.execPath, [nextBin, "start", "--port", port, ...process.argv.slice(2)], { cwd: root, stdio: "inherit", env: process.env });
process.exit(result.status ?? 1);
