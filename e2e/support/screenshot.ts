import type { Page } from "@playwright/test";

/** A full-page screenshot under test-results/screenshots/, for looking at the pages after a run. */
export async function saveScreenshot(page: Page, name: string) {
  // From the top, so the sticky top bar is captured where it belongs.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `test-results/screenshots/${name}.png`, fullPage: true });
}
