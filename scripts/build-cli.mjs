// Bundles the `starlight` command (cli/*.mjs and the lib/ code it shares with the server: walking, batching,
// project names) into cli/dist/ with esbuild. Run by `npm install` (prepare) and, when stale, by the integration
// tests; `node scripts/build-cli.mjs` rebuilds it by hand. Packages stay outside the bundle (node_modules), and
// `restore` goes to its own chunk, so hooks load neither the SQLite driver nor anything they do not run.
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const outdir = path.join(root, "cli", "dist");
export const bundlePath = path.join(outdir, "starlight.mjs");
const metaPath = path.join(outdir, "meta.json");

/** The bundle is missing, or one of the files it was built from changed (or went) since. */
export function cliIsStale() {
  if (!fs.existsSync(bundlePath) || !fs.existsSync(metaPath)) return true;
  const builtAt = fs.statSync(bundlePath).mtimeMs;
  const inputs = Object.keys(JSON.parse(fs.readFileSync(metaPath, "utf8")).inputs);
  return inputs.some((input) => {
    const file = path.join(root, input);
    return !fs.existsSync(file) || fs.statSync(file).mtimeMs > builtAt;
  });
}

export async function buildCli() {
  const esbuild = await import("esbuild");
  fs.rmSync(outdir, { recursive: true, force: true });
  const result = await esbuild.build({
    absWorkingDir: root,
    entryPoints: { starlight: "cli/main.mjs" },
    outdir,
    outExtension: { ".js": ".mjs" },
    chunkNames: "[name]-[hash]",
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "node",
    target: "node20",
    packages: "external",
    metafile: true,
    logLevel: "warning",
  });
  fs.writeFileSync(metaPath, JSON.stringify(result.metafile));
}

export async function buildCliIfStale() {
  if (cliIsStale()) await buildCli();
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  try {
    await import("esbuild");
  } catch {
    // `npm install --omit=dev` has no esbuild: the install goes on, and bin/starlight.mjs says what is missing.
    console.warn("starlight: esbuild is not installed, so the CLI was not built (install with dev dependencies to build it)");
    process.exit(0);
  }
  await buildCli();
}
