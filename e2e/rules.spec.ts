import fs from "node:fs/promises";
import { expect, test } from "./support/test";
import { generateAcosTrajectories, toJsonl } from "@/test/factories/generate/acos";
import { RulesPage } from "./pages/rules-page";
import { saveScreenshot } from "./support/screenshot";

const SLUG = "e2e-rules";
const DELEGATION = /handed self-contained parts to sub-agents/;

/**
 * Seeds through the real ingest route: 400 generated ACOS sessions where delegating adds 25 points and touching
 * more than 10 files takes 25 away, which makes the delegation rule supported.
 */
test.beforeAll(async ({ request }) => {
  const body = toJsonl(
    generateAcosTrajectories({
      seed: 7,
      count: 400,
      effects: { delegationBoost: 0.25, scatteredPenalty: 0.25 },
      idPrefix: SLUG,
    }),
  );
  const response = await request.post(`/api/v1/ingest?project=${SLUG}&name=trajectories.jsonl`, {
    data: body,
    headers: { "content-type": "application/x-ndjson" },
  });
  expect(response.status(), await response.text()).toBe(200);
});

test("from a project, open the rules, one rule's evidence, and download the guidance", async ({ page }) => {
  const rules = new RulesPage(page);
  await rules.gotoProject(SLUG);
  await rules.openTab("Rules");
  await expect(page).toHaveURL(`/projects/${SLUG}/rules`);

  const card = rules.rule(DELEGATION);
  await expect(card).toBeVisible();
  await expect(card.getByText("supported", { exact: true })).toBeVisible();
  await expect(
    card.getByText(
      /\d+ vs \d+ sessions, \d+% vs \d+% success: at least \+\d+ pp \(the 95% interval's conservative end\); raw \+\d+ pp, adjusted \+\d+ pp, 95% CI \+\d+…\+\d+/,
    ),
  ).toBeVisible();
  await expect(
    card.getByRole("figure", { name: /Mean success by group/ }).locator("svg.recharts-surface"),
  ).toBeVisible();
  await saveScreenshot(page, "rules");

  await rules.openEvidence(card);
  await expect(page).toHaveURL(`/projects/${SLUG}/rules/delegation`);
  await expect(page.getByRole("heading", { level: 2, name: DELEGATION })).toBeVisible();
  const numbers = rules.panel("Numbers behind the interval");
  await expect(numbers.getByRole("row", { name: /With the behaviour/ })).toBeVisible();
  await expect(numbers.getByText(/^95% interval \(adjusted for domain\)$/)).toBeVisible();
  await expect(rules.panel("History over guidance generations").getByRole("row")).not.toHaveCount(0);
  await saveScreenshot(page, "rule-evidence");

  await rules.openTab("Guidance");
  await expect(rules.preview).toContainText("handed self-contained parts to sub-agents");
  const [download] = await Promise.all([page.waitForEvent("download"), rules.downloadLink("Markdown").click()]);
  expect(download.suggestedFilename()).toBe(`${SLUG}-guidance.md`);
  const text = await fs.readFile((await download.path())!, "utf8");
  expect(text).toMatch(DELEGATION);
  await saveScreenshot(page, "guidance");
});

test("keyboard: the tabs, a rule's evidence link and the downloads are reachable", async ({ page }) => {
  const rules = new RulesPage(page);
  await page.goto(`/projects/${SLUG}/rules`);
  const link = rules.rule(DELEGATION).getByRole("link", { name: /^Evidence for:/ });
  await link.focus();
  await expect(link).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(`/projects/${SLUG}/rules/delegation`);
  await page.goto(`/projects/${SLUG}/guidance`);
  await rules.downloadLink("AGENTS.md").focus();
  await expect(rules.downloadLink("AGENTS.md")).toBeFocused();
});

test("a project with too few sessions explains the minimum group sizes", async ({ page, request }) => {
  const body = toJsonl(generateAcosTrajectories({ seed: 8, count: 4, idPrefix: "e2e-rules-tiny" }));
  expect(
    (
      await request.post(`/api/v1/ingest?project=e2e-rules-tiny`, {
        data: body,
        headers: { "content-type": "application/x-ndjson" },
      })
    ).status(),
  ).toBe(200);
  await page.goto("/projects/e2e-rules-tiny/rules");
  await expect(page.getByText("No rules yet.")).toBeVisible();
  await expect(page.getByText(/Each side needs at least 5 sessions/)).toBeVisible();
});

test("an unknown rule is a 404 that says so and links back to the rules", async ({ page }) => {
  const response = await page.goto(`/projects/${SLUG}/rules/no-such-rule`);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Rule not found" })).toBeVisible();
  await page.getByRole("link", { name: "All rules" }).click();
  await expect(page).toHaveURL(`/projects/${SLUG}/rules`);
});

test("Checklists names a weak domain with too few sessions for a checklist instead of saying there is none", async ({
  page,
  request,
}) => {
  const slug = "e2e-checklists";
  const records = generateAcosTrajectories({ seed: 19, count: 9, idPrefix: slug });
  const scores = [0.5, 0.6, 0.61, 0.9, 0.9, 0.9, 0.9, 0.9, 0.9];
  records.forEach((record, i) =>
    Object.assign(record, { type: i < 3 ? "testing" : "code_development", successScore: scores[i] }),
  );
  const response = await request.post(`/api/v1/ingest?project=${slug}&name=trajectories.jsonl`, {
    data: toJsonl(records),
    headers: { "content-type": "application/x-ndjson" },
  });
  expect(response.status(), await response.text()).toBe(200);

  await page.goto(`/projects/${slug}/rules`);
  const checklists = page.getByRole("region", { name: "Checklists" });
  await expect(checklists).toContainText("domains under 70% over 5+ sessions");
  await expect(checklists).toContainText(
    "No domain with at least 5 sessions averages under 70% success; testing (3 sessions) is at 57%: too few sessions for a checklist yet.",
  );
  await checklists.scrollIntoViewIfNeeded();
  await saveScreenshot(page, "rules-checklists-few");
});
