// `npm start`: builds the app when there is no build or the sources changed since the last one, then serves it.
// Migrations are applied by the server itself on start (instrumentation.ts).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const buildId = path.join(root, ".next", "BUILD_ID");
const sources = ["app", "lib", "db", "public", "package.json", "next.config.mjs", "instrumentation.ts", "postcss.config.mjs"];

function newestMtime(entry) {
  const full = path.join(root, entry);
  if (!fs.existsSync(full)) return 0;
  const stat = fs.statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const child of fs.readdirSync(full)) newest = Math.max(newest, newestMtime(path.join(entry, child)));
  return newest;
}

const builtAt = fs.existsSync(buildId) ? fs.statSync(buildId).mtimeMs : 0;
const stale = sources.some((entry) => newestMtime(entry) > builtAt);
const nextBin = path.join(root, "node_modules", "next", "dist", "bin", "next");

function run(args) {
  const result = spawnSync(process.execPath, [nextBin, ...args], { cwd: root, stdio: "inherit", env: process.env });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (stale) {
  console.log(builtAt ? "Sources changed since the last build: rebuilding…" : "First start: building the app (about a minute)…");
  run(["build"]);
}
const port = process.env.PORT ?? "3000";
run(["start", "--port", port, ...process.argv.slice(2)]);
