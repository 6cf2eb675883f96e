import { expect, test } from "./support/test";
import { SessionsPage } from "./pages/sessions-page";
import { ingestAcos } from "./support/ingest";
import { saveScreenshot } from "./support/screenshot";

const SLUG = "e2e-sessions";
const COUNT = 60;

test.beforeAll(async ({ request }) => {
  await ingestAcos(request, SLUG, 202, COUNT);
});

const percent = (text: string) => Number(text.replace(/[^\d.]/g, ""));

test("sorting by success puts the highest first, then the lowest", async ({ page, request }) => {
  const sessions = new SessionsPage(page);
  await sessions.goto(SLUG);
  await expect(sessions.rows).toHaveCount(50);

  await sessions.sortBy("success");
  await expect(page).toHaveURL(/sort=success/);
  const api = (await (
    await request.get(`/api/v1/projects/${SLUG}/sessions?sort=success&dir=desc&limit=${COUNT}`)
  ).json()) as {
    items: { successScore: number }[];
  };
  const scores = api.items.map((i) => Math.round(i.successScore * 100));
  const descending = (await sessions.column("Success")).map(percent);
  expect(descending[0]).toBe(Math.max(...scores));
  expect(descending).toEqual([...descending].sort((a, b) => b - a));

  await sessions.sortBy("success");
  await expect(page).toHaveURL(/dir=asc/);
  const ascending = (await sessions.column("Success")).map(percent);
  expect(ascending[0]).toBe(Math.min(...scores));
  expect(ascending[0]).not.toBe(descending[0]);
  await saveScreenshot(page, "sessions-sorted-by-success");
});

test("filtering by category shows only that category, and the filter lives in the URL", async ({ page }) => {
  const sessions = new SessionsPage(page);
  await sessions.goto(SLUG);
  const categories = await sessions.categoryOptions();
  expect(categories.length).toBeGreaterThan(0);
  const category = categories[categories.length - 1]!;

  await sessions.filter({ category });
  await expect(page).toHaveURL(new RegExp(`category=${category}`));
  // Until the filtered page has replaced the previous one, the table may still show every category.
  await expect.poll(async () => [...new Set(await sessions.column("Category"))]).toEqual([category]);
  await saveScreenshot(page, "sessions-filtered");

  await page.reload();
  expect(new Set(await sessions.column("Category"))).toEqual(new Set([category]));
  await page.getByRole("link", { name: "Clear" }).click();
  await expect(sessions.rows).toHaveCount(50);
});

test("a search that matches nothing says so and offers to clear it", async ({ page }) => {
  const sessions = new SessionsPage(page);
  await sessions.goto(SLUG);
  await sessions.filter({ q: "no-such-session-%_" });
  await expect(page.getByText("No sessions match these filters.")).toBeVisible();
  await saveScreenshot(page, "sessions-no-match");
  await page.getByRole("link", { name: "Clear filters" }).click();
  await expect(sessions.rows).toHaveCount(50);
});

test("keyset pages walk every session once", async ({ page }) => {
  const sessions = new SessionsPage(page);
  await sessions.goto(SLUG);
  await saveScreenshot(page, "sessions");
  const firstPage = await sessions.rows
    .locator("td:nth-child(2) a")
    .evaluateAll((links) => links.map((a) => a.getAttribute("href")));
  await sessions.nextPage().click();
  await expect(page).toHaveURL(/cursor=/);
  await expect(sessions.rows).toHaveCount(COUNT - 50);
  const secondPage = await sessions.rows
    .locator("td:nth-child(2) a")
    .evaluateAll((links) => links.map((a) => a.getAttribute("href")));
  expect(new Set([...firstPage, ...secondPage]).size).toBe(COUNT);
  await expect(sessions.nextPage()).toHaveCount(0);
  await sessions.firstPage().click();
  await expect(sessions.rows).toHaveCount(50);
});

test("an unknown project is a 404 page, and bad API queries are 422", async ({ page, request }) => {
  const response = await page.goto("/projects/no-such-project");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Project not found" })).toBeVisible();
  expect((await request.get("/api/v1/projects/no-such-project/sessions")).status()).toBe(404);
  expect((await request.get(`/api/v1/projects/${SLUG}/sessions?limit=0`)).status()).toBe(422);
  expect((await request.get(`/api/v1/projects/${SLUG}/sessions?sort=name`)).status()).toBe(422);
});
