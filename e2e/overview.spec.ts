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
  for (const title of ["Success rate per day", "Sessions per day", "Category mix", "Tool usage", "Weakest domains", "Recent failures"]) {
    await expect(overview.panel(title)).toBeVisible();
  }
  for (const slug of SLUGS) await expect(overview.categoryTable.getByRole("columnheader", { name: slug })).toBeVisible();
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
    await expect(overview.panel("Sessions per day").locator(".recharts-tooltip-wrapper")).toContainText("Sessions", { timeout: 500 });
  }).toPass();
  await bar.click();
  await expect(page).toHaveURL(new RegExp(`/projects/${SLUGS[0]}\\?from=(\\d{4}-\\d{2}-\\d{2})&to=\\1$`));
  const day = new URL(page.url()).searchParams.get("from");
  const sessions = new SessionsPage(page);
  await expect(sessions.rows.first()).toBeVisible();
  for (const started of await sessions.column("Started (UTC)")) expect(started).toContain(day!);
});
