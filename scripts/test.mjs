// `npm test`: the whole suite, in the order that fails fastest. Finds (or installs) a Chromium for Playwright, and
// starts a throwaway PostgreSQL cluster (installing Debian's postgresql when missing) for the PostgreSQL tests.
// `npm run test:quick` (`--quick`): the inner loop only — typechecks, lint, unit and SQLite integration tests (but
// the slowest files, SLOW in vitest.config.mts).
import { execSync, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { startPostgres } from "./postgres.mjs";

const root = path.resolve(import.meta.dirname, "..");
const bin = (name) => path.join(root, "node_modules", ".bin", name);

function findChromium() {
  const candidates = [process.env.STARLIGHT_CHROMIUM, "/usr/bin/chromium", "/usr/bin/chromium-browser"];
  return candidates.find((file) => file && fs.existsSync(file)) ?? null;
}

function ensureBrowser() {
  const found = findChromium();
  if (found) return { STARLIGHT_CHROMIUM: found };
  const isRoot = process.getuid?.() === 0;
  if (isRoot && fs.existsSync("/usr/bin/apt-get")) {
    console.log("▶ installing Debian's chromium for the browser tests");
    try {
      execSync("apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium", {
        stdio: "inherit",
      });
      const installed = findChromium();
      if (installed) return { STARLIGHT_CHROMIUM: installed };
    } catch {
      console.log("apt could not install chromium; trying Playwright's installer");
    }
  }
  console.log("▶ installing Playwright's Chromium");
  execSync(`"${bin("playwright")}" install chromium`, { stdio: "inherit", cwd: root });
  return { STARLIGHT_CHROMIUM: "" };
}

const quick = process.argv.includes("--quick");
// The inner loop lints only what changed since its last run (ESLint's cache, by content). A type-aware rule's finding
// can depend on another file's types, so a cached pass may hide one: the full suite, as CI runs it, lints without it.
const LINT_CACHE = quick
  ? ["--cache", "--cache-strategy", "content", "--cache-location", "node_modules/.cache/eslint/"]
  : [];

// The inner loop runs its checks beside its tests, their output printed when the tests end; the full suite runs them
// first, so a type or format error fails it in seconds.
const CHECK = quick ? { beside: true } : {};

// Lint keeps one core busy for three minutes without its cache. It runs beside a step that leaves a core idle, its
// output printed when that step ends: in the inner loop beside the tests, in the full suite beside the browser tests
// (one browser and one server; beside the unit tests it outlasted them by 100 s).
const LINT = ["lint", bin("eslint"), ["--max-warnings", "0", ".", ...LINT_CACHE], {}, { beside: true }];

const steps = [
  ["typecheck", bin("tsc"), ["--noEmit"], {}, CHECK],
  ["typecheck of the CLI", bin("tsc"), ["-p", "cli"], {}, CHECK],
  // Biome formats every TypeScript and JavaScript file (biome.json); `npm run format` writes what it would change.
  ["format", bin("biome"), ["format", "."], {}, CHECK],
  ...(quick ? [LINT] : []),
  // The inner loop runs the unit and SQLite integration files in one Vitest run: one queue of files, longest first by
  // the last run's times, so neither project's last files leave a core idle; three at a time, since integration files
  // wait on servers and child processes, and without the slowest SQLite files (SLOW in vitest.config.mts).
  ...(quick
    ? [
        [
          "unit and integration tests",
          bin("vitest"),
          ["run", "--project", "unit", "--project", "integration", "--maxWorkers", "3"],
          { STARLIGHT_QUICK: "1" },
        ],
      ]
    : [
        ["unit tests", bin("vitest"), ["run", "--project", "unit"]],
        ["integration tests", bin("vitest"), ["run", "--project", "integration"]],
      ]),
  // The same suite on PostgreSQL, each test file on a new database of the run's cluster (but for SQLite's own features).
  ["integration tests on PostgreSQL", bin("vitest"), ["run", "--project", "integration-pg"]],
  ["production build", bin("next"), ["build"]],
  ...(quick ? [] : [LINT]),
  ["browser tests", bin("playwright"), ["test"]],
  ["browser tests on PostgreSQL", bin("playwright"), ["test"], { STARLIGHT_E2E_BACKEND: "postgres", E2E_PORT: "3200" }],
  // Against the production build just made: ten SIGKILLs during ingest, then a short load run.
  ["fault test", bin("tsx"), ["scripts/faults/run.ts"], { FAULT_KILLS: "10" }],
  ["load test (short)", bin("tsx"), ["scripts/load/run.ts"], { LOAD_SECONDS: "10", LOAD_CONNECTIONS: "10" }],
  // Two web processes on one PostgreSQL database: ten SIGKILLs of either mid-ingest, then 50 uploaders for 30 s.
  ["fault test on PostgreSQL", bin("tsx"), ["scripts/faults/run.ts"], { FAULT_BACKEND: "postgres", FAULT_KILLS: "10" }],
  [
    "load test on PostgreSQL",
    bin("tsx"),
    ["scripts/load/run.ts"],
    { LOAD_BACKEND: "postgres", LOAD_SECONDS: "30", LOAD_CONNECTIONS: "50" },
  ],
  // Reports figures (never fails on them): keeps the benchmark harness itself working.
  ["benchmark (quick)", bin("tsx"), ["--conditions=react-server", "--expose-gc", "scripts/bench.ts", "--quick"]],
];

const QUICK = ["typecheck", "typecheck of the CLI", "format", "lint", "unit and integration tests"];
const only = quick ? [] : process.argv.slice(2);
const chosen = steps.filter(([name]) =>
  quick ? QUICK.includes(name) : only.length === 0 || only.some((word) => name.startsWith(word)),
);
const needsBrowser = chosen.some(([name]) => name.startsWith("browser"));
const needsPostgres = chosen.some(([name]) => name.includes("PostgreSQL"));
const env = { ...process.env, ...(needsBrowser ? ensureBrowser() : {}), NEXT_TELEMETRY_DISABLED: "1" };
// One cluster for the whole run (each test file makes its own databases on it); a server given in
// STARLIGHT_TEST_DATABASE_URL is used instead. Stopped at the end, and by its watchdog if this process dies.
const postgres = env.STARLIGHT_TEST_DATABASE_URL || !needsPostgres ? null : await startPostgres();
if (postgres) {
  env.STARLIGHT_TEST_DATABASE_URL = postgres.url;
  console.log(`▶ PostgreSQL for the tests: ${postgres.url}`);
}
/**
 * Runs one command with the run's environment; its exit code. With `buffer`, what it prints is kept and handed back
 * instead (a step that runs beside another prints when it ends).
 */
function run(command, args, extraEnv, buffer = false) {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: root,
      env: { ...env, ...extraEnv },
      stdio: buffer ? ["ignore", "pipe", "pipe"] : "inherit",
    });
    let output = "";
    if (buffer) for (const stream of [child.stdout, child.stderr]) stream.on("data", (chunk) => (output += chunk));
    child.on("error", (error) => {
      console.error(error);
      resolve({ code: 1, output });
    });
    child.on("close", (code) => resolve({ code: code ?? 1, output }));
  });
}

const started = Date.now();
/** Ends the run when a step failed. */
async function check(name, status, stepStarted) {
  const seconds = ((Date.now() - stepStarted) / 1000).toFixed(1);
  if (status !== 0) {
    console.error(`\n✗ ${name} failed after ${seconds}s`);
    await postgres?.stop();
    process.exit(status);
  }
  console.log(`✓ ${name} (${seconds}s)`);
}
/** Steps started beside the next one, waited for (and their output printed) once that one has passed. */
const beside = [];
async function finishBeside(after) {
  for (const step of beside.splice(0)) {
    const { code, output } = await step.done;
    console.log(`\n▶ ${step.name}, which ran beside ${after}\n${output}`);
    await check(step.name, code, step.stepStarted);
  }
}
for (const [name, command, args = [], extraEnv = {}, options = {}] of chosen) {
  const stepStarted = Date.now();
  if (options.beside) {
    console.log(`\n▶ ${name} (beside the next step; its output follows that step's)`);
    beside.push({ name, stepStarted, done: run(command, args, extraEnv, true) });
    continue;
  }
  console.log(`\n▶ ${name}`);
  await check(name, (await run(command, args, extraEnv)).code, stepStarted);
  await finishBeside(name);
}
await finishBeside("the last step");
console.log(`\n✓ ${chosen.length} steps in ${((Date.now() - started) / 1000).toFixed(0)}s`);
await postgres?.stop();
