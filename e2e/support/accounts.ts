import path from "node:path";

/** The admin the first-run spec creates on the fresh e2e database; every other spec runs signed in as them. */
export const ADMIN = { email: "admin@starlight.test", name: "Ada Admin", password: "correct horse battery" };

/** Where (under the repository, where Playwright runs) the first-run spec leaves the admin's signed-in browser state (cookies) for the other specs. */
export const ADMIN_STATE = path.resolve(".tmp", "e2e", "admin-state.json");

export const BASE_URL = "http://127.0.0.1:3100";

/** The e2e server's one-time setup code (STARLIGHT_SETUP_CODE, set by playwright.config.ts), entered on /setup. */
export const SETUP_CODE = "E2E2-SETU-PCDE";
