import { expect, test } from "./support/test";
import { ingestAcos } from "./support/ingest";
import { saveScreenshot } from "./support/screenshot";

const SLUG = "e2e-theme";

test("the theme toggle switches to dark and remembers it", async ({ page, request }) => {
  await ingestAcos(request, SLUG, 404, 8);
  await page.emulateMedia({ colorScheme: "light" });
  await page.goto(`/projects/${SLUG}`);
  const html = page.locator("html");
  await expect(html).not.toHaveClass(/\bdark\b/);

  await page.getByRole("button", { name: "Dark theme" }).click();
  await expect(html).toHaveClass(/\bdark\b/);
  await expect(page.getByRole("button", { name: "Dark theme" })).toHaveAttribute("aria-pressed", "true");
  await saveScreenshot(page, "sessions-dark");

  await page.reload();
  await expect(html).toHaveClass(/\bdark\b/);
  // 404 pages are rendered by React on the client, where the <head> script does not run: still dark.
  await page.goto("/sessions/987654321");
  await expect(page.getByRole("heading", { name: "Session not found" })).toBeVisible();
  await expect(html).toHaveClass(/\bdark\b/);
  await page.getByRole("button", { name: "Light theme" }).click();
  await expect(html).not.toHaveClass(/\bdark\b/);
});

test("without a choice the theme follows the system", async ({ page }) => {
  await page.emulateMedia({ colorScheme: "dark" });
  await page.goto("/");
  await expect(page.locator("html")).toHaveClass(/\bdark\b/);
  await expect(page.getByRole("button", { name: "System theme" })).toHaveAttribute("aria-pressed", "true");
  await saveScreenshot(page, "projects-dark");
  await page.emulateMedia({ colorScheme: "light" });
  await expect(page.locator("html")).not.toHaveClass(/\bdark\b/);
});
