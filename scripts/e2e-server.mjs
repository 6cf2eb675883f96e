// The server Playwright tests run against: the production build, served by scripts/server.mjs on 127.0.0.1, on a
// fresh database (a new file, or with STARLIGHT_E2E_BACKEND=postgres a new database on the PostgreSQL server of
// STARLIGHT_TEST_DATABASE_URL, or on a throwaway cluster started here when that is not set), with the fixed setup code that playwright.config.ts passes in STARLIGHT_SETUP_CODE
// (SETUP_CODE in e2e/support/accounts.ts, which e2e/setup/first-run.setup.ts enters on /setup).
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { buildCliIfStale } from "./build-cli.mjs";
import { newDatabase, startPostgres } from "./postgres.mjs";
import { SERVER_NODE_FLAGS } from "./server-flags.mjs";

const root = path.resolve(import.meta.dirname, "..");
const port = process.env.E2E_PORT ?? "3100";
// The same folder as E2E_DIR in e2e/support/accounts.ts.
const dir = path.join(root, ".tmp", `e2e-${port}`);
fs.rmSync(dir, { recursive: true, force: true });
fs.mkdirSync(dir, { recursive: true });
// e2e/cli-token.spec.ts runs bin/starlight.mjs: the bundle of the current sources.
await buildCliIfStale();

/** STARLIGHT_DATABASE_URL for the server on PostgreSQL, and what stops the cluster started for it, if one was. */
async function postgresDatabase() {
  const given = process.env.STARLIGHT_TEST_DATABASE_URL;
  const cluster = given ? null : await startPostgres();
  return { url: await newDatabase(given ?? cluster.url, "starlight_e2e"), stop: () => cluster?.stop() };
}

const postgres = process.env.STARLIGHT_E2E_BACKEND === "postgres" ? await postgresDatabase() : null;
const child = spawn(
  process.execPath,
  [...SERVER_NODE_FLAGS, path.join(root, "scripts", "server.mjs"), "--host", "127.0.0.1", "--port", port],
  {
    cwd: root,
    stdio: "inherit",
    env: {
      ...process.env,
      STARLIGHT_DB: path.join(dir, "starlight.db"),
      ...(postgres ? { STARLIGHT_DATABASE_URL: postgres.url } : {}),
      STARLIGHT_MAX_BODY_MB: "5",
      STARLIGHT_LOGIN_ATTEMPTS: "30",
    },
  },
);
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", async (code) => {
  await postgres?.stop();
  process.exit(code ?? 0);
});
