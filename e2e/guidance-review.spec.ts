import fs from "node:fs";
import path from "node:path";
import { expect, test } from "./support/test";
import { saveScreenshot } from "./support/screenshot";

const SLUG = "e2e-review";
const DIR = "test/fixtures/claude-code/-src-deep-manifest";

test("with review on, an owner sees what changed on the Review tab and accepts an item, which then reaches agents", async ({
  page,
  request,
}) => {
  const files = ["a7da6a22-facc-4fcd-8bab-f83c87862004.jsonl", "agent-c8d9b115.jsonl"].map((name) => ({
    name: `-src-deep-manifest/${name}`,
    mimeType: "application/x-ndjson",
    buffer: fs.readFileSync(path.join(DIR, name)),
  }));
  const uploaded = await request.post(`/api/v1/ingest?project=${SLUG}`, {
    multipart: { main: files[0]!, agent: files[1]! },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(200);
  const setting = await request.patch(`/api/v1/projects/${SLUG}`, { data: { reviewGuidance: true } });
  expect(setting.status(), await setting.text()).toBe(200);
  const hook = async () => (await request.get(`/api/v1/projects/${SLUG}/guidance?format=hook-json`)).text();
  expect(await hook()).not.toContain("pytest");

  await page.goto(`/projects/${SLUG}`);
  const tab = page.getByRole("navigation", { name: "Project" }).getByRole("link", { name: /^Review/ });
  await expect(tab.getByLabel(/waiting for review/)).toBeVisible();
  await tab.click();
  await expect(page).toHaveURL(new RegExp(`/projects/${SLUG}/review$`));
  await expect(page.getByText("Review is on")).toBeVisible();

  const pending = page.getByRole("region", { name: "Changes since the last accepted version" });
  const tests = pending.getByRole("listitem").filter({ hasText: "Tests: `(source .venv/bin/activate && pytest)`" });
  await expect(tests).toContainText("New");
  await expect(tests).toContainText("Sessions it cites uploaded by");
  await expect(tests.getByRole("group", { name: "Would get once accepted" })).toContainText("pytest");
  await saveScreenshot(page, "guidance-review");

  await tests.getByRole("button", { name: /^Accept / }).click();
  await expect(tests).toHaveCount(0);
  expect(await hook()).toContain("Tests: `(source .venv/bin/activate && pytest)`");
  await expect(pending.getByRole("listitem").first()).toBeVisible();
});
