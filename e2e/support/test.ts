import { test as base } from "@playwright/test";
import { ADMIN_STATE, BASE_URL } from "./accounts";

/**
 * Playwright's `test`, with `request` calling the API as the signed-in admin does from a page: the admin's
 * sign-in cookie, and an Origin header, which the server requires of cookie-authenticated changes.
 */
export const test = base.extend({
  request: async ({ playwright }, provide) => {
    const request = await playwright.request.newContext({
      baseURL: BASE_URL,
      storageState: ADMIN_STATE,
      extraHTTPHeaders: { Origin: BASE_URL },
    });
    await provide(request);
    await request.dispose();
  },
});

export { expect, type APIRequestContext } from "@playwright/test";
