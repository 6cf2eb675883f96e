import { BASE_URL } from "./support/accounts";
import { expect, test } from "./support/test";
import { ProjectsPage } from "./pages/projects-page";
import { saveScreenshot } from "./support/screenshot";

// The e2e server starts on a fresh database, and with one worker spec files run in name order: the "00-"
// prefix makes this the first, before any other spec ingests data.
test("the first visit explains Starlight and shows a copyable curl line", async ({ page, request }) => {
  const existing = (await (await request.get("/api/v1/projects")).json()) as { items: unknown[] };
  expect(existing.items, "this spec needs the fresh database; run it before specs that ingest data").toEqual([]);

  const projects = new ProjectsPage(page);
  await projects.goto();
  await expect(projects.heading).toHaveText("No projects yet");
  await expect(projects.curlLine).toHaveText(
    `curl -X POST -H "Authorization: Bearer $STARLIGHT_TOKEN" --data-binary @trajectories.jsonl "${BASE_URL}/api/v1/ingest?project=my-app"`,
  );
  await expect(page.getByRole("button", { name: "Copy command" })).toBeVisible();
  // The import of a whole history names this install's CLI by its real path, not a placeholder.
  await expect(page.getByTestId("import-command")).toHaveText(
    `STARLIGHT_URL=${BASE_URL} node ${process.cwd()}/bin/starlight.mjs import ~/.claude/projects`,
  );
  await expect(page.getByText("npm run demo")).toBeVisible();
  await saveScreenshot(page, "projects-empty");

  // Before any data the home page is the same first-run page (the overview takes over once a project exists).
  await page.goto("/");
  await expect(projects.heading).toHaveText("No projects yet");
});
