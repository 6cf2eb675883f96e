import path from "node:path";
import { expect, test, type APIRequestContext } from "./support/test";
import { FederationPage } from "./pages/federation-page";
import { saveScreenshot } from "./support/screenshot";

const FIXTURES = path.resolve("test/fixtures/claude-code");
const SOURCE = "e2e-federation-fixtures";
const SEQUENCE = "FedRead > FedGrep > FedEdit > FedTest";
const PROJECTS = ["e2e-fed-alpha", "e2e-fed-beta"];

/** Posts an ACOS patterns.json holding SEQUENCE (proven: count ≥ 3, avgSuccess ≥ 0.85) to `project`. */
async function ingestPattern(request: APIRequestContext, project: string, count: number, avgSuccess: number) {
  const now = new Date().toISOString();
  const body = [{ sequence: SEQUENCE, type: "tool-sequence", count, avgSuccess, discoveredAt: now, lastSeen: now }];
  const response = await request.post(`/api/v1/ingest?project=${project}&name=patterns.json`, {
    data: JSON.stringify(body),
    headers: { "content-type": "application/json" },
  });
  expect(response.status(), await response.text()).toBe(200);
}

test("a registered folder syncs once, and a pattern shared by two projects is marked validated", async ({
  page,
  request,
}) => {
  const federation = new FederationPage(page);
  await federation.goto();

  // A relative path is refused inline, beside the field.
  await federation.register(SOURCE, "test/fixtures/claude-code");
  await expect(federation.registerForm.getByText(/is not an absolute path/)).toBeVisible();

  await federation.register(SOURCE, FIXTURES);
  await expect(federation.sourceRow(SOURCE)).toBeVisible();
  await expect(federation.sourceRow(SOURCE)).toContainText("never");

  await federation.syncAll.click();
  await expect(federation.syncReport).toBeVisible({ timeout: 30_000 });
  for (const project of ["ai-music", "deep-manifest", "worktrees"])
    await expect(federation.syncRow(SOURCE, project)).toBeVisible();
  await expect(federation.sourceRow(SOURCE)).not.toContainText("never");
  await expect(federation.projects.getByRole("link", { name: "deep-manifest", exact: true })).toBeVisible();

  await federation.syncAll.click();
  await expect(federation.syncReport.getByRole("status")).toContainText("Nothing new", { timeout: 30_000 });
  await expect(federation.sourceRow(SOURCE)).toContainText(/ 0 accepted/);
  for (const project of ["ai-music", "deep-manifest", "worktrees"]) {
    const row = federation.syncRow(SOURCE, project);
    // Files seen equal files unchanged; nothing accepted.
    const seen = await row.getByRole("cell").nth(2).textContent();
    await expect(row.getByRole("cell").nth(3)).toHaveText(seen ?? "");
    await expect(row.getByRole("cell").nth(5)).toHaveText("0");
  }

  await ingestPattern(request, PROJECTS[0]!, 5, 0.92);
  await ingestPattern(request, PROJECTS[1]!, 3, 0.88);
  await federation.goto();
  const row = federation.matrixRow(SEQUENCE);
  await expect(row).toContainText("validated in 2 projects");
  await expect(row).toContainText("5×");
  await expect(row).toContainText("3×");
  await saveScreenshot(page, "federation");

  // Removing asks first; the imported sessions stay.
  await federation
    .sourceRow(SOURCE)
    .getByRole("button", { name: `Remove ${SOURCE}` })
    .click();
  await federation.sourceRow(SOURCE).getByRole("button", { name: "Yes, remove" }).click();
  await expect(federation.sourceRow(SOURCE)).toHaveCount(0);
  await expect(federation.projects.getByRole("link", { name: "deep-manifest", exact: true })).toBeVisible();
});
