import fs from "node:fs";
import path from "node:path";
import { expect, test } from "./support/test";
import { MemoriesPage } from "./pages/memories-page";
import { saveScreenshot } from "./support/screenshot";

const SLUG = "e2e-knowledge";
const DIR = "test/fixtures/claude-code/-src-deep-manifest";

test("a project's Knowledge tab shows what its sessions teach, each item linked to the operations it rests on", async ({
  page,
  request,
}) => {
  const files = ["a7da6a22-facc-4fcd-8bab-f83c87862004.jsonl", "agent-c8d9b115.jsonl"].map((name) => ({
    name: `-src-deep-manifest/${name}`,
    mimeType: "application/x-ndjson",
    buffer: fs.readFileSync(path.join(DIR, name)),
  }));
  const response = await request.post(`/api/v1/ingest?project=${SLUG}`, {
    multipart: { main: files[0]!, agent: files[1]! },
  });
  expect(response.status(), await response.text()).toBe(200);

  await page.goto(`/projects/${SLUG}`);
  await page.getByRole("navigation", { name: "Project" }).getByRole("link", { name: "Knowledge" }).click();
  await expect(page).toHaveURL(new RegExp(`/projects/${SLUG}/knowledge$`));

  const commands = page.getByRole("region", { name: "Commands" });
  const tests = commands.getByRole("listitem").filter({ hasText: /^Tests:/ });
  await expect(tests).toContainText("(source .venv/bin/activate && pytest)");
  await expect(tests).toContainText("Failed instead: pytest (pytest: command not found)");
  await expect(tests).toContainText(/\d+ occurrences · last confirmed \d{4}-\d{2}-\d{2}/);
  await expect(commands.getByRole("listitem").filter({ hasText: /^Lint:/ })).toContainText("ruff check");

  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  }
  await saveScreenshot(page, "knowledge");

  // The first link of the test command opens the session at that very operation.
  const link = tests.getByRole("list", { name: "Where it was seen" }).getByRole("link").first();
  const href = (await link.getAttribute("href"))!;
  expect(href).toMatch(/^\/sessions\/\d+#op-\d+$/);
  await link.click();
  await expect(page.locator(`#${href.split("#")[1]}`)).toBeInViewport();
  await expect(page.locator(`#${href.split("#")[1]}`)).toContainText("pytest");

  await page.goto(`/projects/${SLUG}/guidance`);
  const preview = page.getByRole("region", { name: /^Preview/ });
  await expect(preview).toContainText("## What this project teaches");
  await expect(preview).toContainText("Tests: `(source .venv/bin/activate && pytest)`");
  await expect(preview).not.toContainText("No rule is supported by the data yet.");

  // The items are memories: the vault finds them, and the session, by a command or an error message.
  const memories = new MemoriesPage(page);
  await memories.goto(`?project=${SLUG}&tag=knowledge`);
  const lint = memories.cards.filter({ hasText: "ruff check" }).first();
  await expect(lint).toBeVisible();
  await expect(lint.getByRole("link", { name: "From the project's knowledge" })).toHaveAttribute(
    "href",
    `/projects/${SLUG}/knowledge`,
  );
  await memories.goto(`?project=${SLUG}`);
  await memories.type("command not found");
  await expect(memories.cards.filter({ hasText: "pytest: command not found" }).first()).toBeVisible();
});
