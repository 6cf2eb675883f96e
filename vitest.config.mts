import path from "node:path";
import { defineConfig } from "vitest/config";

const alias = {
  "@": path.resolve(import.meta.dirname),
  "server-only": path.resolve(import.meta.dirname, "test/server-only-stub.ts"),
};

const INTEGRATION = ["test/integration/**/*.test.ts", "db/**/*.test.ts"];

/** Tests of the PostgreSQL engine itself and of its schema beside SQLite's: run once, in the PostgreSQL project. */
const POSTGRES_ONLY = ["test/integration/engine-postgres.test.ts", "test/integration/pg-*.test.ts"];

/**
 * Tests of what only the embedded SQLite file has: its online backup and restore, PRAGMA quick_check on a damaged
 * file, a full disk under the file, migrations that rebuilt SQLite tables written before PostgreSQL support
 * (PostgreSQL starts at the current schema), and the phrase pairs SQLite's ingest makes for FTS5. Also the
 * statistics of rules on confounded data (50,000 generated sessions stored and distilled): their subject is the
 * adjustment, not the engine, and guidance-rules.test.ts holds PostgreSQL's aggregates to the same planted effect
 * and 20 null seeds. Everything else runs on both engines.
 */
const SQLITE_ONLY = [
  "test/integration/backup.test.ts",
  "test/integration/database-damage.test.ts",
  "test/integration/ingest-full-disk.test.ts",
  "test/integration/storage-faults.test.ts",
  "test/integration/memory-full-disk.test.ts",
  "test/integration/session-files-migration.test.ts",
  "test/integration/cross-project-scrub-migration.test.ts",
  "test/integration/guidance-stats-migration.test.ts",
  "test/integration/phrase-pairs-migration.test.ts",
  "test/integration/memory-given-pairs.test.ts",
  "test/integration/guidance-confounding.test.ts",
];

/**
 * The SQLite integration files `npm run test:quick` leaves out (STARLIGHT_QUICK=1), 15 s to 80 s each on an idle
 * machine: the statistical sweeps over many seeds of stored sessions, backup's snapshots under load, the ablation CLI's
 * scripted agents, sign-in limits' password hashing, the CLI's guidance files. `npm test` runs them on both engines.
 * A project's own `exclude` replaces the command line's `--exclude`, so the list lives here.
 */
const SLOW = ["guidance-confounding", "backup", "ablate", "sign-in-limits", "cli-guidance-write"].map(
  (name) => `test/integration/${name}.test.ts`,
);
const QUICK = process.env.STARLIGHT_QUICK === "1";

/**
 * Integration test files run two at a time even on a 2-core machine (Vitest's default there is one): most of their
 * time is spent waiting on servers, child processes and PostgreSQL, and each file has a database of its own. A test
 * may take three minutes: with two files at a time on a slow CI machine, the heaviest (20,000 stored sessions, a
 * 4,000-file sync on PostgreSQL) took over a minute, and a time limit only ends a test (or a hook: servers started, data
 * seeded) that hangs.
 */
const integration = {
  maxWorkers: 2,
  environment: "node" as const,
  setupFiles: ["test/integration/setup.ts"],
  // The CLI's bundle, and the migrated SQLite file every test file's database is copied from (migrating each anew
  // cost half a second a file).
  globalSetup: ["test/integration/build-cli.ts", "test/integration/sqlite-template.ts"],
  testTimeout: 180_000,
  hookTimeout: 120_000,
};

export default defineConfig({
  test: {
    projects: [
      {
        resolve: { alias },
        // Two at a time, as the integration files: Vitest's default on 2 cores is one, and much of a unit file's time
        // is spent loading and transforming its imports. A test may take 30 s (password hashing, 100-seed simulations on a
        // busy machine): the limit only ends one that hangs.
        // Unit files share their worker's modules (`isolate: false`) instead of starting a process and loading every
        // import again per file, which took three quarters of the unit run: they test plain functions over plain data
        // (no database, no mocks; the one environment variable a test stubs it restores), so no file can see another's
        // state. The integration files stay isolated: the database handle and STARLIGHT_DB are per file.
        test: {
          name: "unit",
          include: ["lib/**/*.test.ts", "app/**/*.test.ts", "test/factories/**/*.test.ts"],
          environment: "node",
          maxWorkers: 2,
          isolate: false,
          testTimeout: 30_000,
        },
      },
      {
        resolve: { alias },
        test: {
          ...integration,
          name: "integration",
          include: INTEGRATION,
          exclude: [...POSTGRES_ONLY, ...(QUICK ? SLOW : [])],
        },
      },
      {
        resolve: { alias },
        test: {
          ...integration,
          name: "integration-pg",
          include: INTEGRATION,
          exclude: SQLITE_ONLY,
          globalSetup: [...integration.globalSetup, "test/integration/postgres-template.ts"],
          env: { STARLIGHT_TEST_BACKEND: "postgres" },
        },
      },
    ],
  },
});
