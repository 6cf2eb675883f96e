import { expect, test } from "./support/test";
import { OverviewPage } from "./pages/overview-page";
import { SessionsPage } from "./pages/sessions-page";
import { ingestAcos } from "./support/ingest";
import { saveScreenshot } from "./support/screenshot";

const SLUGS = ["e2e-ov-alpha", "e2e-ov-beta", "e2e-ov-gamma"] as const;

test.beforeEach(async ({ request }) => {
  for (const [i, slug] of SLUGS.entries()) await ingestAcos(request, slug, 700 + i, 40);
});

test("the overview renders every figure for three projects", async ({ page }) => {
  const overview = new OverviewPage(page);
  await overview.goto();
  for (const title of [
    "Success rate per day",
    "Sessions per day",
    "Category mix",
    "Tool usage",
    "Weakest domains",
    "Recent failures",
  ]) {
    await expect(overview.panel(title)).toBeVisible();
  }
  for (const slug of SLUGS)
    await expect(overview.categoryTable.getByRole("cell", { name: slug, exact: true })).toBeVisible();
  await expect(overview.panel("Sessions per day").locator("svg.recharts-surface")).toBeVisible();
  await expect(overview.weakestTable.getByRole("row")).not.toHaveCount(0);
  await saveScreenshot(page, "overview");

  // The scope is in the URL: one project, one preset.
  await page.getByRole("combobox", { name: "Project" }).selectOption(SLUGS[0]);
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]project=${SLUGS[0]}`));
  await page.getByRole("link", { name: "30d" }).click();
  await expect(page).toHaveURL(/from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}&project=e2e-ov-alpha/);
  await expect(page.getByRole("link", { name: "30d" })).toHaveAttribute("aria-current", "true");
});

test("a weakest-domain row opens that domain's sessions, lowest success first", async ({ page }) => {
  const overview = new OverviewPage(page);
  await overview.goto(`?project=${SLUGS[1]}`);
  const link = overview.weakestTable.getByRole("link").first();
  const domain = (await link.innerText()).trim();
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/projects/${SLUGS[1]}\\?domain=[^&]+&sort=success&dir=asc$`));
  const sessions = new SessionsPage(page);
  await expect(sessions.rows.first()).toBeVisible();
  expect(new Set(await sessions.column("Domain"))).toEqual(new Set([domain]));
});

test("a category count opens that project's sessions of the category", async ({ page }) => {
  const overview = new OverviewPage(page);
  await overview.goto();
  const cell = overview.categoryTable.getByRole("link", { name: new RegExp(`sessions in ${SLUGS[2]}$`) }).first();
  const [count, category] = ((await cell.getAttribute("aria-label")) ?? "").split(" ");
  await cell.click();
  await expect(page).toHaveURL(`/projects/${SLUGS[2]}?category=${category}`);
  const sessions = new SessionsPage(page);
  await expect(sessions.rows).toHaveCount(Number(count));
  expect(new Set(await sessions.column("Category"))).toEqual(new Set([category]));
});

test("clicking a day in the sessions chart opens that day's sessions", async ({ page }) => {
  const overview = new OverviewPage(page);
  await overview.goto(`?project=${SLUGS[0]}`);
  // The chart reads the day under the pointer from its tooltip state: hover until the tooltip shows, then click.
  const bar = overview.dayBars().last();
  await expect(async () => {
    await bar.hover();
    await expect(overview.panel("Sessions per day").locator(".recharts-tooltip-wrapper")).toContainText("Sessions", {
      timeout: 500,
    });
  }).toPass();
  await bar.click();
  await expect(page).toHaveURL(new RegExp(`/projects/${SLUGS[0]}\\?from=(\\d{4}-\\d{2}-\\d{2})&to=\\1$`));
  const day = new URL(page.url()).searchParams.get("from");
  const sessions = new SessionsPage(page);
  await expect(sessions.rows.first()).toBeVisible();
  for (const started of await sessions.column("Started (UTC)")) expect(started).toContain(day!);
});

test("the category mix keeps every column in view however many projects there are", async ({ page, request }) => {
  for (const [i, slug] of ["e2e-ov-delta", "e2e-ov-epsilon", "e2e-ov-zeta", "e2e-ov-eta"].entries())
    await ingestAcos(request, slug, 720 + i, 6);
  const overview = new OverviewPage(page);
  await overview.goto();
  expect(await overview.categoryTable.getByRole("row").count()).toBeGreaterThanOrEqual(1 + 7 + 1);
  // The table grows with the projects the suite has made; its header row is what must fit across.
  await overview.categoryTable.getByRole("row").first().scrollIntoViewIfNeeded();
  for (const category of ["error", "pattern", "decision", "preference", "insight"]) {
    await expect(overview.categoryTable.getByRole("columnheader", { name: category })).toBeInViewport();
  }
  const frame = overview.panel("Category mix").locator("div.overflow-x-auto");
  expect(await frame.evaluate((box) => box.scrollWidth - box.clientWidth)).toBeLessThanOrEqual(0);
  await overview.panel("Category mix").screenshot({ path: "test-results/screenshots/overview-category-mix.png" });
  // On a phone the table scrolls inside its card; the page itself stays as wide as the window.
  await page.setViewportSize({ width: 390, height: 900 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test("the success chart breaks its lines across days without sessions and names the year of past days", async ({
  page,
  request,
}) => {
  const slug = "e2e-ov-gaps";
  await ingestAcos(request, slug, 730, 8, { start: Date.UTC(2025, 10, 20), spanDays: 4 });
  await ingestAcos(request, slug, 731, 8, { start: Date.UTC(2026, 1, 10), spanDays: 4 });
  const overview = new OverviewPage(page);
  await overview.goto(`?project=${slug}`);
  const chart = overview.panel("Success rate per day");
  const lines = chart.locator("path.recharts-line-curve");
  await expect(lines).toHaveCount(2);
  // A line drawn across the gap would be one "M" (move) and only "L"/"C" after it; each break starts a new "M".
  for (const d of await lines.evaluateAll((paths) => paths.map((p) => p.getAttribute("d") ?? "")))
    expect(d.match(/M/g)?.length ?? 0).toBeGreaterThanOrEqual(2);
  await expect(chart.locator(".recharts-cartesian-axis-tick-value").first()).toHaveText(/^2025-\d{2}-\d{2}$/);
  await chart.screenshot({ path: "test-results/screenshots/overview-success-gaps.png" });
});
