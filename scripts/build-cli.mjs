// Bundles the `starlight` command (cli/*.ts and the lib/ code it shares with the server: walking, batching,
// project names) into cli/dist/ with esbuild. Run by `npm install` (prepare) and, when stale, by the integration
// tests; `node scripts/build-cli.mjs` rebuilds it by hand. Packages stay outside the bundle (node_modules), and
// `restore` goes to its own chunk, so hooks load neither the SQLite driver nor anything they do not run.
//
// `node scripts/build-cli.mjs --plugin` (npm run build:plugin) writes the plugin's copy of the command instead,
// plugins/starlight/dist/starlight.mjs, and its tool-call hook alone, dist/hook.mjs (also in the Gemini CLI
// extension, plugins/starlight-gemini): committed files with their packages inside, since Claude Code and Codex
// install a plugin by copying its folder and never run npm. test/integration/plugin.test.ts fails when the
// committed file is not what this build makes from the current sources.
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
    entryPoints: { starlight: "cli/main.ts" },
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
  for (const name of fs.readdirSync(outdir))
    if (!kept.has(name) && !name.endsWith(".tmp")) fs.rmSync(path.join(outdir, name), { force: true });
}

export const pluginBundlePath = path.join(root, "plugins", "starlight", "dist", "starlight.mjs");
/** The tool-call hook alone, in each plugin that runs it: Claude Code's and Codex's, and Gemini CLI's extension. */
export const pluginHookPaths = [
  path.join(root, "plugins", "starlight", "dist", "hook.mjs"),
  path.join(root, "plugins", "starlight-gemini", "dist", "hook.mjs"),
];

/** @type {import("esbuild").Plugin} */
const hooksOnly = {
  name: "hooks-only",
  setup(build) {
    // `import` and `restore` need a clone (and the progress bar's and SQLite's packages): a stand-in says so.
    build.onResolve({ filter: /^\.\/(import|restore)$/ }, (args) =>
      args.importer === path.join(root, "cli", "main.ts")
        ? { path: path.join(root, "cli", "plugin-only.ts") }
        : undefined,
    );
    // OpenCode's database needs the SQLite driver, a native package: the walker's stand-in says so instead.
    build.onResolve({ filter: /^\.\/opencode-db$/ }, (args) =>
      args.importer === path.join(root, "lib", "walk", "opencode.ts")
        ? { path: path.join(root, "cli", "plugin-opencode-db.ts") }
        : undefined,
    );
    // zod's \`z.locales\` (every language's error messages, 45% of the file) is never used: errors are in English,
    // which zod's schemas load on their own.
    build.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) =>
      args.importer.includes(`${path.sep}zod${path.sep}`)
        ? { path: "zod-locales", namespace: "hooks-only" }
        : undefined,
    );
    build.onLoad({ filter: /^zod-locales$/, namespace: "hooks-only" }, () => ({
      contents: "export {};",
      loader: "js",
    }));
  },
};

/**
 * One of the plugin's files, as text: `entry` with every package it needs inside. Paths are kept as written
 * (preserveSymlinks), so a worktree whose node_modules is a link builds the same file as a clone.
 * @param {string} entry
 */
async function pluginFile(entry) {
  const esbuild = await import("esbuild");
  const result = await esbuild.build({
    absWorkingDir: root,
    entryPoints: [entry],
    outfile: pluginBundlePath,
    bundle: true,
    format: "esm",
    platform: "node",
    target: "node20",
    preserveSymlinks: true,
    legalComments: "none",
    banner: { js: "// Built by `node scripts/build-cli.mjs --plugin` from cli/ and lib/: do not edit, rebuild." },
    plugins: [hooksOnly],
    write: false,
    logLevel: "warning",
  });
  return /** @type {import("esbuild").OutputFile} */ (result.outputFiles[0]).text;
}

/** The plugin's copy of the command (cli/plugin.ts), as text. */
export function buildPluginBundle() {
  return pluginFile("cli/plugin.ts");
}

/** The plugins' tool-call hook (cli/plugin-hook.ts), as text: a few kilobytes, nothing but the hook. */
export function buildPluginHook() {
  return pluginFile("cli/plugin-hook.ts");
}

export async function buildCliIfStale() {
  if (cliIsStale()) await buildCli();
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    await import("esbuild");
  } catch {
    // `npm install --omit=dev` has no esbuild: the install goes on, and bin/starlight.mjs says what is missing.
    console.warn(
      "starlight: esbuild is not installed, so the CLI was not built (install with dev dependencies to build it)",
    );
    process.exit(0);
  }
  if (process.argv.includes("--plugin")) {
    fs.mkdirSync(path.dirname(pluginBundlePath), { recursive: true });
    fs.writeFileSync(pluginBundlePath, await buildPluginBundle());
    const hook = await buildPluginHook();
    for (const file of pluginHookPaths) {
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, hook);
    }
  } else {
    await buildCli();
  }
}
