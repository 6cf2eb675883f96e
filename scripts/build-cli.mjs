// Bundles the `starlight` command (cli/*.mjs and the lib/ code it shares with the server: walking, batching,
// project names) into cli/dist/ with esbuild. Run by `npm install` (prepare) and, when stale, by the integration
// tests; `node scripts/build-cli.mjs` rebuilds it by hand. Packages stay outside the bundle (node_modules), and
// `restore` goes to its own chunk, so hooks load neither the SQLite driver nor anything they do not run.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
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

/**
 * Builds cli/dist/. Each file is written beside its place and renamed into it, chunks before the entry, so a
 * `starlight` started during a rebuild (another test run) loads either the old bundle or the new one.
 */
export async function buildCli() {
  const esbuild = await import("esbuild");
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
    write: false,
    logLevel: "warning",
  });
  fs.mkdirSync(outdir, { recursive: true });
  const outputs = [...result.outputFiles, { path: metaPath, contents: Buffer.from(JSON.stringify(result.metafile)) }];
  outputs.sort((a, b) => Number(a.path === bundlePath) - Number(b.path === bundlePath));
  for (const file of outputs) {
    const temporary = `${file.path}.${process.pid}.tmp`;
    fs.writeFileSync(temporary, file.contents);
    fs.renameSync(temporary, file.path);
  }
  const kept = new Set(outputs.map((f) => path.basename(f.path)));
  for (const name of fs.readdirSync(outdir)) if (!kept.has(name) && !name.endsWith(".tmp")) fs.rmSync(path.join(outdir, name), { force: true });
}

export async function buildCliIfStale() {
  if (cliIsStale()) await buildCli();
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    await import("esbuild");
  } catch {
    // `npm install --omit=dev` has no esbuild: the install goes on, and bin/starlight.mjs says what is missing.
    console.warn("starlight: esbuild is not installed, so the CLI was not built (install with dev dependencies to build it)");
    process.exit(0);
  }
  await buildCli();
}
