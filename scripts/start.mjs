// `npm start`: builds the app when there is no build or the sources changed since the last one, then serves it
// with scripts/server.mjs (on 127.0.0.1:3000 unless `npm start -- --host <address> --port <port>`, HOSTNAME or
// PORT say otherwise). Migrations are applied by the server itself on start (instrumentation.ts).
import { spawnSync } from "node:child_process";
import path from "node:path";
import { buildIfStale } from "./build-if-stale.mjs";
import { SERVER_NODE_FLAGS } from "./server-flags.mjs";

const root = path.resolve(import.meta.dirname, "..");
buildIfStale();
const result = spawnSync(
  process.execPath,
  [...SERVER_NODE_FLAGS, path.join(root, "scripts", "server.mjs"), ...process.argv.slice(2)],
  { cwd: root, stdio: "inherit", env: process.env },
);
process.exit(result.status ?? 1);
