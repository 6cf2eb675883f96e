import fs from "node:fs";
import { defineConfig } from "@playwright/test";
import { ADMIN_STATE, BASE_URL, E2E_PORT, SETUP_CODE } from "./e2e/support/accounts";

/** Debian's chromium (or STARLIGHT_CHROMIUM); without either, Playwright's own browser (scripts/test.mjs installs it). */
const chromium =
  process.env.STARLIGHT_CHROMIUM || (fs.existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : undefined);

const browser = {
  browserName: "chromium" as const,
  viewport: { width: 1280, height: 800 },
  launchOptions: {
    executablePath: chromium,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  },
};

/** End-to-end tests against the production build (`next build` first), served by scripts/server.mjs on a fresh database (scripts/e2e-server.mjs). */
export default defineConfig({
  testDir: "e2e",
  outputDir: `test-results/${E2E_PORT}`,
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: [["list"]],
  use: {
    baseURL: BASE_URL,
    headless: true,
    screenshot: "only-on-failure",
    trace: "retain-on-failure",
  },
  projects: [
    // The fresh instance's first-run setup; it leaves the admin signed in (ADMIN_STATE) for everything after it.
    { name: "first-run", testMatch: /\.setup\.ts$/, use: browser },
    { name: "chromium", dependencies: ["first-run"], use: { ...browser, storageState: ADMIN_STATE } },
  ],
  webServer: {
    command: "node scripts/e2e-server.mjs",
    env: { STARLIGHT_SETUP_CODE: SETUP_CODE },
    url: `${BASE_URL}/api/v1/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "ignore",
    stderr: "pipe",
  },
});
