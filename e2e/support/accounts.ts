import path from "node:path";

/** The admin the first-run spec creates on the fresh e2e database; every other spec runs signed in as them. */
export const ADMIN = { email: "admin@starlight.test", name: "Ada Admin", password: "correct horse battery" };

/**
 * The e2e server's port: 3100, or E2E_PORT, so that the browser runs of both engines can go at once (npm test). A
 * spec that starts a server of its own uses the port after it.
 */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);

/** The run's folder under the repository (where Playwright runs): the server's database file, and the state below. */
export const E2E_DIR = path.resolve(".tmp", `e2e-${E2E_PORT}`);

/** Where the first-run spec leaves the admin's signed-in browser state (cookies) for the other specs. */
export const ADMIN_STATE = path.join(E2E_DIR, "admin-state.json");

export const BASE_URL = `http://127.0.0.1:${E2E_PORT}`;

/** The e2e server's one-time setup code (STARLIGHT_SETUP_CODE, set by playwright.config.ts), entered on /setup. */
export const SETUP_CODE = "E2E2-SETU-PCDE";
