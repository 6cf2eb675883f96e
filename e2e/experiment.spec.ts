import { generateAcosTrajectories, toJsonl, type AcosTrajectoryRecord } from "@/test/factories/generate/acos";
import { saveScreenshot } from "./support/screenshot";
import type { Page } from "@playwright/test";
import { expect, test, type APIRequestContext } from "./support/test";

const SLUG = "e2e-experiment";
const DAY = 86_400_000;
/** Sessions that ask for guidance and whose sessions arrive: half before they ask, half after. */
const LINKED = 24;
/** Sessions that ask and whose sessions never arrive. */
const AWAITING = 2;
/** Sessions of the period that never ask. */
const STRAYS = 3;

const sessionId = (i: number) => `e2e-exp-${i}`;

async function ingest(request: APIRequestContext, project: string, records: AcosTrajectoryRecord[]) {
  const response = await request.post(`/api/v1/ingest?project=${project}&name=trajectories.jsonl`, {
    data: toJsonl(records),
    headers: { "content-type": "application/x-ndjson" },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** Asks for guidance as the SessionStart hook does; answers the session's arm and checks what that arm got. */
async function deliver(request: APIRequestContext, project: string, session: string): Promise<string> {
  const response = await request.get(`/api/v1/projects/${project}/guidance?format=hook-json&session=${session}`);
  expect(response.status(), await response.text()).toBe(200);
  const arm = response.headers()["x-starlight-arm"];
  expect(["guidance", "holdout"]).toContain(arm);
  const body = (await response.json()) as { hookSpecificOutput?: { additionalContext: string } };
  if (arm === "holdout") expect(body).toEqual({});
  // Its rules are each told or left out by the factorial draw: the guidance itself always arrives.
  else expect(body.hookSpecificOutput?.additionalContext).toContain("Starlight guidance");
  return arm!;
}

/** The number under a label in the experiment's summary. */
const summaryCount = (page: Page, label: string) =>
  page
    .getByRole("region", { name: "Experiment summary" })
    .locator("dl > div")
    .filter({ has: page.locator("dt", { hasText: new RegExp(`^${label}$`) }) })
    .locator("dd")
    .first();

/** 400 earlier sessions where delegating adds 25 points, so the project's guidance holds the delegation rule. */
test.beforeAll(async ({ request }) => {
  await ingest(
    request,
    SLUG,
    generateAcosTrajectories({
      seed: 7,
      count: 400,
      start: Date.now() - 60 * DAY,
      spanDays: 30,
      effects: { delegationBoost: 0.25, scatteredPenalty: 0.25 },
      idPrefix: SLUG,
    }),
  );
});

test("turn the holdout on in Settings, deliver guidance, ingest the sessions, and read the experiment", async ({
  page,
  request,
}) => {
  await page.goto(`/projects/${SLUG}`);
  await page
    .getByRole("navigation", { name: "Project" })
    .getByRole("link", { name: "Experiment", exact: true })
    .click();
  await expect(page).toHaveURL(`/projects/${SLUG}/experiment`);
  await expect(page.getByText("The experiment is off.")).toBeVisible();
  await page.getByRole("link", { name: "Turn the holdout on in Settings" }).click();
  await expect(page).toHaveURL(`/projects/${SLUG}/settings#experiment`);

  const settings = page.getByRole("region", { name: "Experiment", exact: true });
  await expect(settings.getByText(/^Off:/)).toBeVisible();
  await expect(
    settings.getByText("Changing the share starts a new experiment; sessions so far stay in the old one"),
  ).toBeVisible();
  await expect(settings.getByLabel("Share held back")).toBeDisabled();
  await settings.getByLabel("Hold back guidance from some sessions").check();
  await settings.getByLabel("Share held back").selectOption({ label: "50% of sessions" });
  await settings.getByRole("button", { name: "Save holdout" }).click();
  await expect(settings.getByText(/^On: 50% of the sessions that ask for guidance get none/)).toBeVisible();
  await expect(settings.getByRole("button", { name: "Save holdout" })).toBeDisabled();
  await saveScreenshot(page, "experiment-settings");

  // The sessions of the period start after the holdout was turned on. The first half arrive before they ask for
  // guidance, the second half after; two ask and never arrive, three never ask.
  const records = generateAcosTrajectories({
    seed: 12,
    count: LINKED + STRAYS,
    start: Date.now() + 60_000,
    spanDays: 1,
    idPrefix: `${SLUG}-period`,
  });
  for (const [i, record] of records.entries()) record.sessionId = i < LINKED ? sessionId(i) : `e2e-exp-stray-${i}`;
  await ingest(request, SLUG, records.slice(0, LINKED / 2));

  const arms = new Map<string, string>();
  for (let i = 0; i < LINKED + AWAITING; i++) arms.set(sessionId(i), await deliver(request, SLUG, sessionId(i)));
  expect(await deliver(request, SLUG, sessionId(0)), "a retried hook gets the same arm").toBe(arms.get(sessionId(0)));
  await ingest(request, SLUG, records.slice(LINKED / 2));

  const linked = [...arms].slice(0, LINKED);
  const inArm = (arm: string, list: [string, string][]) => list.filter(([, a]) => a === arm).length;
  // With 24 sessions at 50%, fewer than 2 in an arm happens about 3 times in a million.
  expect(inArm("guidance", linked)).toBeGreaterThanOrEqual(2);
  expect(inArm("holdout", linked)).toBeGreaterThanOrEqual(2);

  await page
    .getByRole("navigation", { name: "Project" })
    .getByRole("link", { name: "Experiment", exact: true })
    .click();
  await expect(page.getByRole("region", { name: "Experiment summary" })).toContainText("Holdout 50%");
  await expect(summaryCount(page, "Enrolled")).toHaveText(String(LINKED + AWAITING));
  await expect(summaryCount(page, "Guidance arm")).toHaveText(String(inArm("guidance", [...arms])));
  await expect(summaryCount(page, "Holdout arm")).toHaveText(String(inArm("holdout", [...arms])));
  await expect(summaryCount(page, "Linked")).toHaveText(String(LINKED));
  await expect(summaryCount(page, "Awaiting")).toHaveText(String(AWAITING));
  await expect(summaryCount(page, "Not enrolled")).toHaveText(String(STRAYS));

  const success = page.getByRole("region", { name: "Success: guidance against holdout" });
  const perArm = success.getByRole("table", { name: "Success per arm" });
  await expect(
    perArm
      .getByRole("row", { name: /^Guidance/ })
      .getByRole("cell")
      .nth(1),
  ).toHaveText(String(inArm("guidance", linked)));
  await expect(
    perArm
      .getByRole("row", { name: /^Holdout/ })
      .getByRole("cell")
      .nth(1),
  ).toHaveText(String(inArm("holdout", linked)));
  await expect(success.getByText(/^p = |^p < 0\.001$/)).toBeVisible();
  await expect(success.getByText(/detect a 10-point difference in success/)).toBeVisible();
  await expect(
    success.getByRole("figure", { name: /Mean success per arm/ }).locator("svg.recharts-surface"),
  ).toBeVisible();

  // ACOS sessions count no tokens: the cost section says so rather than pricing them at zero.
  await expect(page.getByRole("region", { name: "Cost: what a success costs in each arm" })).toContainText(
    `None of the ${LINKED} linked sessions has all its tokens priced`,
  );

  const adherence = page.getByRole("region", { name: "Did the agent do what it was told?" });
  await expect(adherence.getByRole("row", { name: /Delegated to a sub-agent/ })).toBeVisible();
  await expect(
    page
      .getByRole("region", { name: "Over time" })
      .getByRole("figure", { name: "Mean success per week" })
      .locator("svg.recharts-surface"),
  ).toBeVisible();
  const caveats = page.getByRole("region", { name: "Caveats" });
  await expect(caveats.getByRole("listitem").filter({ hasText: /^Small samples/ })).toBeVisible();
  await expect(
    caveats.getByRole("listitem").filter({ hasText: `${AWAITING} sessions are still awaiting their transcripts` }),
  ).toBeVisible();
  await saveScreenshot(page, "experiment");
  await page.setViewportSize({ width: 390, height: 800 });
  await page.emulateMedia({ colorScheme: "dark" });
  await saveScreenshot(page, "experiment-390-dark");

  const href = await page.getByRole("link", { name: "Download per-session data (CSV)" }).getAttribute("href");
  expect(href).toBe(`/api/v1/projects/${SLUG}/experiment/sessions.csv`);
  const csv = await request.get(href!);
  expect(csv.status()).toBe(200);
  expect(csv.headers()["content-type"]).toContain("text/csv");
  const [header, ...rows] = (await csv.text()).trimEnd().split("\r\n");
  expect(header!.split(",").slice(0, 2)).toEqual(["session_id", "arm"]);
  expect(new Map(rows.map((row) => row.split(",").slice(0, 2) as [string, string]))).toEqual(arms);

  const reportHref = await page.getByRole("link", { name: "Download the report (markdown)" }).getAttribute("href");
  expect(reportHref).toBe(`/api/v1/projects/${SLUG}/experiment/report?download=1`);
  const report = await request.get(reportHref!);
  expect(report.status()).toBe(200);
  expect(report.headers()["content-type"]).toContain("text/markdown");
  expect(await report.text()).toContain("**Primary outcome: cost per session.**");
});

test("turn the holdout off again, and reset an experiment", async ({ page, request }) => {
  const project = "e2e-experiment-reset";
  await ingest(
    request,
    project,
    generateAcosTrajectories({ seed: 21, count: 6, start: Date.now() - 10 * DAY, idPrefix: project }),
  );
  expect((await request.put(`/api/v1/projects/${project}/experiment`, { data: { holdoutShare: 0.2 } })).status()).toBe(
    200,
  );
  expect((await request.get(`/api/v1/projects/${project}/guidance?format=markdown&session=e2e-reset-1`)).status()).toBe(
    200,
  );
  await page.goto(`/projects/${project}/experiment`);
  await expect(summaryCount(page, "Enrolled")).toHaveText("1");

  await page.goto(`/projects/${project}/settings`);
  const settings = page.getByRole("region", { name: "Experiment", exact: true });
  await settings.getByRole("button", { name: "Reset experiment" }).click();
  const confirm = settings.getByRole("group", { name: "Reset the experiment?" });
  await expect(confirm.getByRole("button", { name: "Cancel" })).toBeFocused();
  await confirm.getByRole("button", { name: "Yes, reset" }).click();
  await expect(confirm).toHaveCount(0);

  await page.goto(`/projects/${project}/experiment`);
  await expect(summaryCount(page, "Enrolled")).toHaveText("0");
  await expect(page.getByText("No session has asked for guidance since this experiment began.")).toBeVisible();

  await page.goto(`/projects/${project}/settings`);
  await settings.getByLabel("Hold back guidance from some sessions").uncheck();
  await settings.getByRole("button", { name: "Save holdout" }).click();
  await expect(settings.getByText(/^Off:/)).toBeVisible();
  await expect(settings.getByRole("button", { name: "Reset experiment" })).toHaveCount(0);
  await page.goto(`/projects/${project}/experiment`);
  await expect(page.getByText("The experiment is off.")).toBeVisible();
});

test("with the holdout off, the deliveries recorded and what they measure are shown under the explanation", async ({
  page,
  request,
}) => {
  const project = "e2e-experiment-off";
  const records = generateAcosTrajectories({
    seed: 23,
    count: 4,
    start: Date.now() - DAY,
    spanDays: 1,
    idPrefix: project,
  });
  for (const [i, record] of records.entries()) record.sessionId = `e2e-off-${i}`;
  await ingest(request, project, records);
  for (const record of [...records, { sessionId: "e2e-off-awaiting" }]) {
    const response = await request.get(
      `/api/v1/projects/${project}/guidance?format=markdown&session=${record.sessionId}`,
    );
    expect(response.status()).toBe(200);
    expect(response.headers()["x-starlight-arm"]).toBe("guidance");
  }

  await page.goto(`/projects/${project}/experiment`);
  await expect(page.getByText("The experiment is off.")).toBeVisible();
  await expect(
    page.getByText("5 sessions asked for guidance since this period began; all of them got it."),
  ).toBeVisible();
  await expect(summaryCount(page, "Enrolled")).toHaveText("5");
  await expect(summaryCount(page, "Guidance arm")).toHaveText("5");
  await expect(summaryCount(page, "Holdout arm")).toHaveText("0");
  await expect(summaryCount(page, "Linked")).toHaveText("4");
  await expect(summaryCount(page, "Awaiting")).toHaveText("1");
  await expect(page.getByRole("region", { name: "Success: guidance against holdout" })).toContainText(
    "The holdout is off: every session that asked got guidance, so there is no holdout to compare with. 4 sessions of the guidance arm have a transcript",
  );
  await expect(page.getByRole("region", { name: "Did the agent do what it was told?" })).toBeVisible();
  await expect(
    page
      .getByRole("region", { name: "Caveats" })
      .getByRole("listitem")
      .filter({ hasText: /^The holdout is off/ }),
  ).toBeVisible();
  await saveScreenshot(page, "experiment-off");
});
