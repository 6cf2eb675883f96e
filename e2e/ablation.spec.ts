import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { BASE_URL } from "./support/accounts";
import { saveScreenshot } from "./support/screenshot";
import { expect, test } from "./support/test";

const run = promisify(execFile);
const FIXTURES = path.resolve("test", "fixtures", "ablation");
const AGENT = path.join(FIXTURES, "agents", "scripted-agent.mjs");
const SLUG = "deep-manifest";

test.setTimeout(180_000);

test("an ablation with an agent that follows its guidance shows the planted effect, one that ignores it shows none", async ({
  page,
  request,
}) => {
  const created = await request.post("/api/v1/tokens", {
    data: { name: "ablation", permissions: ["read", "ingest"], projects: "all" },
  });
  expect(created.status()).toBe(201);
  const { token } = (await created.json()) as { token: string };
  const home = fs.mkdtempSync(path.join(os.tmpdir(), "starlight-e2e-ablate-"));
  const env = {
    ...process.env,
    HOME: home,
    STARLIGHT_URL: BASE_URL,
    STARLIGHT_TOKEN: token,
    STARLIGHT_STATE: path.join(home, "state.json"),
    SCRIPTED_SOLUTIONS: path.join(FIXTURES, "solutions"),
  };
  const cli = (...args: string[]) =>
    run(process.execPath, ["bin/starlight.mjs", ...args], { env, maxBuffer: 16 * 1024 * 1024 });

  // The real deep-manifest transcripts: its guidance teaches the project's test command, which the scripted agent acts on.
  await cli("import", path.resolve("test", "fixtures", "claude-code", "-src-deep-manifest"));
  const ablate = (mode: string, seed: string) =>
    cli(
      "ablate",
      "--suite",
      "examples/ablation-suite",
      "--project",
      SLUG,
      "--agent",
      `node ${AGENT} --mode ${mode}`,
      "--runs",
      "3",
      "--seed",
      seed,
    );
  const follows = await ablate("follow", "5");
  expect(follows.stdout).toMatch(/\[18\/18\]/);
  const ignores = await ablate("null", "6");
  expect(ignores.stdout).toMatch(/\[18\/18\]/);

  await page.goto(`/projects/${SLUG}/ablations`);
  await expect(page.getByRole("link", { name: "Ablation", exact: true })).toHaveAttribute("aria-current", "page");
  const list = page.getByRole("table", { name: "The project's ablations" });
  await expect(list.getByRole("row")).toHaveCount(3);
  await expect(page.getByRole("table", { name: "Ablation results per guidance generation" })).toContainText("2");
  await saveScreenshot(page, "ablations");

  const followId = /^ablation (\d+):/m.exec(follows.stdout)![1];
  await page.goto(`/projects/${SLUG}/ablations/${followId}`);
  // Three tasks of three runs: the interval over tasks excludes zero, but McNemar's exact test on the nine paired
  // runs cannot reach 5% with the five pairs completed only with guidance, so no direction is claimed.
  await expect(
    page.getByText(
      /^No verdict: \+\d+ pp on average over 3 tasks, and the 95% interval excludes zero, but McNemar's exact test on the 9 paired runs does not \(p = 0\.\d+\)\.$/,
    ),
  ).toBeVisible();
  const arms = page.getByRole("table", { name: "Completion and efficiency per arm" });
  await expect(arms.getByRole("row", { name: /With guidance/ })).toContainText("9 of 9 (100%)");
  await expect(page.getByRole("table", { name: "Every run of the ablation" }).getByRole("row")).toHaveCount(19);
  await saveScreenshot(page, "ablation-planted");

  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download the report (markdown)" }).click();
  const report = fs.readFileSync((await (await download).path())!, "utf8");
  expect(report).toContain(`# Ablation ${followId}: ${SLUG}`);
  expect(report).toContain("| with guidance | 9/9 | 100%");

  const nullId = /^ablation (\d+):/m.exec(ignores.stdout)![1];
  await page.goto(`/projects/${SLUG}/ablations/${nullId}`);
  await expect(
    page.getByText(/No difference shown: 0 pp on average over 3 tasks, and the 95% interval includes zero/),
  ).toBeVisible();
  await saveScreenshot(page, "ablation-null");
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/projects/${SLUG}/ablations/${followId}`);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await saveScreenshot(page, "ablation-narrow");
  fs.rmSync(home, { recursive: true, force: true });
});
