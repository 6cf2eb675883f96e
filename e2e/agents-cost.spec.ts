import fs from "node:fs";
import { generateCodexRollout } from "@/test/factories/generate/codex";
import { OverviewPage } from "./pages/overview-page";
import { saveScreenshot } from "./support/screenshot";
import { expect, test } from "./support/test";

const SLUG = "e2e-agents";
const DEEP = "test/fixtures/claude-code/-src-deep-manifest";

/** The real session's id, and the one it gets here: other specs store the real one in its own project. */
const REAL_ID = "a7da6a22-facc-4fcd-8bab-f83c87862004";
const OWN_ID = "e2e0c057-0000-4000-8000-000000000016";

/** One project worked on with Claude Code (the real deep-manifest session, $6.21 at the table's prices) and Codex. */
test.beforeAll(async ({ request }) => {
  const multipart: Record<string, { name: string; mimeType: string; buffer: Buffer }> = {};
  for (const name of fs.readdirSync(DEEP)) {
    const text = fs.readFileSync(`${DEEP}/${name}`, "utf8").replaceAll(REAL_ID, OWN_ID);
    multipart[name] = {
      name: `-src-deep-manifest/${name.replace(REAL_ID, OWN_ID)}`,
      mimeType: "application/x-ndjson",
      buffer: Buffer.from(text),
    };
  }
  for (let i = 0; i < 3; i++) {
    const g = generateCodexRollout({ seed: 900 + i, turns: 3, start: Date.UTC(2025, 10, 20 + i, 9) });
    multipart[`codex-${i}`] = { name: g.name, mimeType: "application/x-ndjson", buffer: Buffer.from(g.text) };
  }
  const response = await request.post(`/api/v1/ingest?project=${SLUG}`, { multipart });
  expect(response.status(), await response.text()).toBe(200);
});

test("a project with two agents compares them side by side, with costs, and narrows to one agent", async ({ page }) => {
  const overview = new OverviewPage(page);
  await overview.goto(`?project=${SLUG}`);
  const agents = page.getByRole("table", { name: "Agents side by side" });
  await expect(agents.getByRole("row", { name: /^claude-code 1 / })).toContainText("$6.21");
  await expect(agents.getByRole("row", { name: /^codex 3 / })).toContainText("$");
  await expect(overview.panel("Cost")).toContainText(/prices of \d{4}-\d{2}-\d{2}/);
  const models = page.getByRole("table", { name: "Cost per model" });
  await expect(models.getByRole("row", { name: /claude-opus-4-5-20251101/ })).toContainText("$6.14");
  await expect(overview.panel("Cost per day").locator("svg.recharts-surface")).toBeVisible();
  await saveScreenshot(page, "overview-agents");

  await agents.getByRole("link", { name: "codex" }).click();
  await expect(page).toHaveURL(new RegExp(`project=${SLUG}&agent=codex`));
  await expect(page.getByRole("combobox", { name: "Agent" })).toHaveValue("codex");
  await expect(overview.heading.locator("..")).toContainText("3 sessions");
  await expect(models.getByRole("row", { name: /claude/ })).toHaveCount(0);
});
