import { expect, test } from "./support/test";
import { ProjectsPage } from "./pages/projects-page";
import { SessionsPage } from "./pages/sessions-page";
import { ingestAcos } from "./support/ingest";
import { saveScreenshot } from "./support/screenshot";

const SLUG = "e2e-projects";

test("ingested sessions appear on the projects page and in the project's sessions table", async ({ page, request }) => {
  await ingestAcos(request, SLUG, 101, 30);

  const projects = new ProjectsPage(page);
  await projects.goto();
  await expect(projects.heading).toHaveText("Projects");
  const row = projects.row(SLUG);
  await expect(row).toBeVisible();
  await expect(row.getByRole("cell").nth(1)).toHaveText("30");
  await expect(row.getByRole("cell").nth(2)).toHaveText(/^\d{1,3}%$/);
  await saveScreenshot(page, "projects");

  await projects.open(SLUG);
  await expect(page).toHaveURL(`/projects/${SLUG}`);
  const sessions = new SessionsPage(page);
  await expect(sessions.rows).toHaveCount(30);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(SLUG);
  await expect(sessions.nextPage()).toHaveCount(0);
});

test("the projects API lists the project with its counts", async ({ request }) => {
  await ingestAcos(request, SLUG, 101, 30);
  const body = (await (await request.get("/api/v1/projects")).json()) as {
    items: { slug: string; sessions: number }[];
  };
  expect(body.items.find((p) => p.slug === SLUG)?.sessions).toBe(30);
});
