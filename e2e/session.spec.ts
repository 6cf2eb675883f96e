import fs from "node:fs";
import path from "node:path";
import { expect, test } from "./support/test";
import { SessionPage } from "./pages/session-page";
import { SessionsPage } from "./pages/sessions-page";
import { generateAcosTrajectories } from "@/test/factories/generate/acos";
import { ingestAcos, ingestSessions, someSessionId } from "./support/ingest";
import { saveScreenshot } from "./support/screenshot";

const SLUG = "e2e-session";

test("opening a session shows its fields, tool chart, memory and raw record", async ({ page, request }) => {
  await ingestAcos(request, SLUG, 303, 12);
  const sessions = new SessionsPage(page);
  await sessions.goto(SLUG);
  const link = sessions.rows.first().locator("td:nth-child(2) a");
  const title = (await link.innerText()).trim();
  await link.click();
  await expect(page).toHaveURL(/\/sessions\/\d+$/);

  const session = new SessionPage(page);
  await expect(session.heading).toHaveText(title);
  await expect(page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: SLUG })).toBeVisible();
  await expect(session.field(session.overview, "Started")).toHaveText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}\s*UTC$/);
  await expect(session.field(session.overview, "Duration")).toHaveText(/\d/);
  await expect(session.field(session.overview, "Prompts")).toHaveText(/^\d+$/);
  await expect(session.field(session.overview, "Source")).toHaveText("ACOS");
  // ACOS keeps no operation order, so order-based features are unknown, and the page says why.
  await expect(session.field(session.features, "Blind edits")).toHaveText("unknown");
  await expect(session.features.getByText("not recorded by ACOS")).toBeVisible();

  await expect(session.chart).toBeVisible();
  await expect(session.chart.locator(".recharts-bar-rectangle").first()).toBeVisible();
  await expect(page.getByText("Calls", { exact: true }).first()).toBeVisible();

  const id = page.url().split("/").pop();
  const api = await request.get(`/api/v1/sessions/${id}`);
  expect(api.status()).toBe(200);
  const detail = (await api.json()) as {
    project: { slug: string };
    memory: { category: string; content: string; source: string };
  };
  expect(detail.project.slug).toBe(SLUG);
  await expect(session.memory.getByText(detail.memory.category, { exact: true }).first()).toBeVisible();
  await expect(session.memory.getByText(detail.memory.content)).toBeVisible();
  await expect(session.memory.getByText("confidence")).toBeVisible();
  await expect(session.memory.getByText(detail.memory.source)).toBeVisible();

  await expect(session.rawRecord.locator("pre")).toBeHidden();
  await session.rawRecord.locator("summary").click();
  await expect(session.rawRecord.locator("pre")).toContainText('"successScore"');
  await saveScreenshot(page, "session");
});

test("a Claude Code session shows the person's prompts, corrections marked, and each failed call's error text", async ({
  page,
  request,
}) => {
  const dir = "test/fixtures/claude-code/-src-deep-manifest";
  const files = ["a7da6a22-facc-4fcd-8bab-f83c87862004.jsonl", "agent-c8d9b115.jsonl"].map((name) => ({
    name: `-src-deep-manifest/${name}`,
    mimeType: "application/x-ndjson",
    buffer: fs.readFileSync(path.join(dir, name)),
  }));
  const response = await request.post("/api/v1/ingest?project=e2e-evidence", {
    multipart: { main: files[0]!, agent: files[1]! },
  });
  expect(response.status(), await response.text()).toBe(200);
  const { files: stored } = (await response.json()) as { files: { sessions: { id: number }[] }[] };
  await page.goto(`/sessions/${stored[0]!.sessions[0]!.id}`);

  const session = new SessionPage(page);
  await expect(session.heading).toHaveText(/^It's been a while - I see that I have pending changes/);
  await expect(page.getByRole("region", { name: "Prompts" }).getByText("7 prompts, 1 correction")).toBeVisible();
  const prompts = session.prompts.getByRole("listitem");
  await expect(prompts).toHaveCount(7);
  await expect(prompts.nth(5)).toContainText("correction, after a refused call");
  await expect(prompts.nth(5)).toContainText("OK, so first commit the changes related to the previous task");
  await expect(prompts.nth(0)).not.toContainText("correction");

  await expect(session.errorOf(13)).toHaveText("Exit code 127\n/bin/bash: line 1: pytest: command not found");
  await expect(session.errorOf(88)).toContainText("SIM115 Use a context manager for opening files");
  // Of the five calls the transcript records as errors, one was refused by the person: marked so, not as a failure.
  await expect(session.operations.getByLabel(/^Error of operation/)).toHaveCount(4);
  await expect(session.operations.getByLabel(/^Refusal of operation/)).toHaveCount(1);
  await expect(session.operations.getByLabel(/^Refusal of operation/)).toContainText(
    "The user doesn't want to proceed with this tool use",
  );
  await expect(page.getByRole("region", { name: "Features" })).toContainText("5 (1 refused by the person)");
  await expect(session.memory.getByText(/Error: `pytest` failed with/)).toBeVisible();

  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  }
  await saveScreenshot(page, "session-evidence");
});

test("a long path in the task wraps inside its cards: the page is never wider than the window", async ({
  page,
  request,
}) => {
  const file =
    "/home/dev/work/an-uncommonly-long-monorepo-name/packages/deeply-nested-package/src/components/settings/ComponentWithALongName.test.tsx";
  const [record] = generateAcosTrajectories({ seed: 404, count: 1, idPrefix: "e2e-long-path" });
  await ingestSessions(request, "e2e-long-path", [
    { ...record!, task: `Fix ${file}`, critique: `Still failing in ${file}` },
  ]);
  await page.goto(`/sessions/${await someSessionId(request, "e2e-long-path")}`);
  const session = new SessionPage(page);
  await expect(session.memory.getByText(file).first()).toBeVisible();

  await expect(session.page.getByRole("region", { name: "Success" }).getByText(file)).toBeVisible();

  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    // Polled: the charts take the new width a frame after the window does.
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    // The text wraps inside each card rather than running past its edge.
    const overflow = () =>
      page
        .locator("main section")
        .evaluateAll((cards) => Math.max(...cards.map((card) => card.scrollWidth - card.clientWidth)));
    await expect.poll(overflow).toBeLessThanOrEqual(0);
  }
  await saveScreenshot(page, "session-long-path");
});

test("a bidirectional override in an uploaded task shows as a visible mark, on the session page and in the list", async ({
  page,
  request,
}) => {
  const [record] = generateAcosTrajectories({ seed: 505, count: 1, idPrefix: "e2e-bidi" });
  await ingestSessions(request, "e2e-bidi", [{ ...record!, task: "Attach invoice\u202Efdp.exe to the order" }]);
  await page.goto(`/sessions/${await someSessionId(request, "e2e-bidi")}`);
  const session = new SessionPage(page);
  await expect(session.heading).toHaveText("Attach invoice⟨U+202E⟩fdp.exe to the order");
  expect(await page.locator("main").innerText()).not.toMatch(/[\u202A-\u202E\u2066-\u2069]/);
  const sessions = new SessionsPage(page);
  await sessions.goto("e2e-bidi");
  await expect(sessions.rows.first()).toContainText("invoice⟨U+202E⟩fdp.exe");
});

test("an unknown session is a 404 page and a 404 answer", async ({ page, request }) => {
  const response = await page.goto("/sessions/987654321");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Session not found" })).toBeVisible();
  await saveScreenshot(page, "not-found");
  expect((await request.get("/api/v1/sessions/987654321")).status()).toBe(404);
  expect((await request.get("/api/v1/sessions/abc")).status()).toBe(404);
});
