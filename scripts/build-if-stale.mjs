// Whether the production build is missing or older than its sources, and a build when it is. Used by `npm start`
// and by the load and fault tests. The build folder is `.next`, or STARLIGHT_NEXT_DIR when set (next.config.mjs).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const SOURCES = [
  "app",
  "lib",
  "db",
  "public",
  "package.json",
  "next.config.mjs",
  "instrumentation.ts",
  "proxy.ts",
  "postcss.config.mjs",
];

const nextBin = path.join(root, "node_modules", "next", "dist", "bin", "next");

/** The build folder, absolute. */
export function distDir() {
  return path.resolve(root, process.env.STARLIGHT_NEXT_DIR || ".next");
}

function newestMtime(entry) {
  const full = path.join(root, entry);
  if (!fs.existsSync(full)) return 0;
  const stat = fs.statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const child of fs.readdirSync(full)) newest = Math.max(newest, newestMtime(path.join(entry, child)));
  return newest;
}

/** When the last build finished (0 when there is none). */
function builtAt() {
  const buildId = path.join(distDir(), "BUILD_ID");
  return fs.existsSync(buildId) ? fs.statSync(buildId).mtimeMs : 0;
}

export function buildIsStale() {
  const at = builtAt();
  return SOURCES.some((entry) => newestMtime(entry) > at);
}

/**
 * Builds when there is no build or the sources changed since; exits the process when the build fails. Next's own
 * output (its route table) is shown only when the build fails; telemetry is off for the builds Starlight runs.
 */
export function buildIfStale() {
  if (!buildIsStale()) return;
  const started = Date.now();
  const takes = "about 40 s on 2 cores, longer on a busy machine";
  console.log(
    builtAt()
      ? `[starlight] The sources changed since the last build: rebuilding the app (${takes})…`
      : `[starlight] First start: building the app once (${takes}; later starts skip this)…`,
  );
  const result = spawnSync(process.execPath, [nextBin, "build"], {
    cwd: root,
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
  });
  if (result.status !== 0) {
    process.stdout.write(result.stdout ?? "");
    process.stderr.write(result.stderr ?? "");
    console.error(`[starlight] the build failed${result.error ? `: ${result.error.message}` : ""}`);
    process.exit(result.status ?? 1);
  }
  console.log(`[starlight] built in ${Math.round((Date.now() - started) / 1000)} s`);
}
