import fs from "node:fs";
import path from "node:path";
import { expect, test } from "./support/test";
import { zipSync } from "fflate";
import { UploadPage } from "./pages/upload-page";
import { saveScreenshot } from "./support/screenshot";

const FIXTURES =
  ["test/fixtures/claude-code", "../shared/fixtures/claude-code"].find((dir) => fs.existsSync(dir)) ??
  "test/fixtures/claude-code";
const DEEP_MANIFEST = "-src-deep-manifest/a7da6a22-facc-4fcd-8bab-f83c87862004.jsonl";

/** Every transcript under the fixtures' project folders, by path relative to them (`<folder>/<file>`). */
function transcripts(dir = FIXTURES, prefix = ""): Record<string, Uint8Array> {
  const files: Record<string, Uint8Array> = {};
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const relative = prefix + entry.name;
    if (entry.isDirectory()) Object.assign(files, transcripts(path.join(dir, entry.name), `${relative}/`));
    else if (prefix && /\.jsonl?$/.test(entry.name)) files[relative] = fs.readFileSync(path.join(dir, entry.name));
  }
  return files;
}

test("a zipped ~/.claude/projects uploads file by file, main transcripts first, and links to the stored sessions", async ({
  page,
}) => {
  const files = transcripts();
  const zip = zipSync({
    ...Object.fromEntries(Object.entries(files).map(([name, data]) => [`projects/${name}`, data])),
    "projects/.DS_Store": new Uint8Array([0]),
    "__MACOSX/projects/._x.jsonl": new Uint8Array([0]),
  });
  const upload = new UploadPage(page);
  await upload.goto();
  await upload.project.fill("e2e-upload");
  await upload.chooseFiles.setInputFiles({
    name: "claude-projects.zip",
    mimeType: "application/zip",
    buffer: Buffer.from(zip),
  });

  const count = Object.keys(files).length;
  await expect(upload.rows).toHaveCount(count);
  await expect(upload.progressBars).toHaveCount(count);
  await upload.waitUntilDone();
  for (const bar of await upload.progressBars.all()) await expect(bar).toHaveAttribute("aria-valuenow", "100");

  const paths = await upload.rows.getByTestId("upload-path").allInnerTexts();
  const firstSubAgent = paths.findIndex((p) => /\/agent-[^/]+$/.test(p));
  expect(
    paths.slice(firstSubAgent).every((p) => /\/agent-[^/]+$/.test(p)),
    paths.join("\n"),
  ).toBe(true);
  expect(paths.at(-1)).toMatch(/\.meta\.json$/);

  const main = upload.row(`projects/${DEEP_MANIFEST}`);
  await expect(upload.status(main)).toHaveText("stored");
  await expect(main).toContainText("Claude Code");
  await expect(main).toContainText("1 accepted");
  await expect(upload.status(upload.row("projects/-src-deep-manifest/agent-c8d9b115.jsonl"))).toHaveText(
    /stored|duplicate/,
  );
  await expect(upload.rows.locator('[data-status="failed"]')).toHaveCount(0);
  await expect(upload.figure("Sessions stored")).not.toHaveText("0");
  await saveScreenshot(page, "upload-done");

  await main.getByRole("link", { name: /^Session a7da6a22/ }).click();
  await expect(page).toHaveURL(/\/sessions\/\d+$/);
  const success = page.getByRole("region", { name: "Success" });
  await expect(success.getByText("How the estimate was reached")).toBeVisible();
  await expect(success.getByText("base", { exact: true })).toBeVisible();
  const operations = page.getByRole("region", { name: "Operations" });
  await expect(operations.getByRole("table")).toBeVisible();
  await expect(operations.locator("tbody tr").first()).toBeVisible();
});

test("a chosen folder sends each file under its path inside the folder", async ({ page }) => {
  const upload = new UploadPage(page);
  await upload.goto();
  await upload.project.fill("e2e-upload-folder");
  await upload.chooseFolder.setInputFiles(path.join(FIXTURES, "-src-deep-manifest"));
  await upload.waitUntilDone();
  await expect(upload.rows.getByTestId("upload-path")).toHaveText([
    DEEP_MANIFEST,
    "-src-deep-manifest/agent-c8d9b115.jsonl",
  ]);
  await expect(upload.status(upload.row(DEEP_MANIFEST))).toHaveText("stored");
  await expect(upload.row(DEEP_MANIFEST).getByRole("link", { name: "e2e-upload-folder" })).toHaveAttribute(
    "href",
    "/projects/e2e-upload-folder",
  );
});

test("files dropped on the drop zone are uploaded", async ({ page }) => {
  const upload = new UploadPage(page);
  await upload.goto();
  await upload.project.fill("e2e-upload-drop");
  const content = fs.readFileSync("test/fixtures/acos/code_development_traj_1790812832410_ab12.json", "utf8");
  const dataTransfer = await page.evaluateHandle((text) => {
    const data = new DataTransfer();
    data.items.add(new File([text], "dropped_traj.json", { type: "application/json" }));
    return data;
  }, content);
  await upload.dropZone.dispatchEvent("drop", { dataTransfer });
  await upload.waitUntilDone();
  const row = upload.row("dropped_traj.json");
  await expect(upload.status(row)).toHaveText("stored");
  await expect(row).toContainText("ACOS trajectories");
  await expect(row).toContainText("1 accepted");
  await expect(row.getByRole("link", { name: "e2e-upload-drop" })).toBeVisible();
});

test("an ACOS file without a project is rejected on its row with the reason", async ({ page }) => {
  const upload = new UploadPage(page);
  await upload.goto();
  await upload.chooseFiles.setInputFiles("test/fixtures/acos/code_development_traj_1790812832410_ab12.json");
  await upload.waitUntilDone();
  const row = upload.row("code_development_traj_1790812832410_ab12.json");
  await expect(upload.status(row)).toHaveText("rejected");
  await expect(row).toContainText("ACOS trajectories");
  await expect(row).toContainText("1 rejected");
  await expect(row.getByRole("list", { name: "Rejection reasons" })).toContainText("this file names no project");
  await expect(upload.figure("Rejected records")).toHaveText("1");
  await saveScreenshot(page, "upload-rejected");

  await page.getByRole("button", { name: "Upload more" }).click();
  await expect(upload.chooseFiles).toBeEnabled();
  await expect(upload.rows).toHaveCount(0);
});

test("a file over the server's body limit fails on its own row while the others go through", async ({ page }) => {
  const upload = new UploadPage(page);
  await upload.goto();
  await upload.project.fill("e2e-upload-limit");
  const line = `${JSON.stringify({ note: "x".repeat(1000) })}\n`;
  await upload.chooseFiles.setInputFiles([
    { name: "huge.jsonl", mimeType: "application/x-ndjson", buffer: Buffer.from(line.repeat(6 * 1024)) },
    {
      name: "trajectories.jsonl",
      mimeType: "application/x-ndjson",
      buffer: fs.readFileSync("test/fixtures/acos/trajectories.jsonl"),
    },
  ]);
  await upload.waitUntilDone();
  const huge = upload.row("huge.jsonl");
  await expect(upload.status(huge)).toHaveText("failed");
  await expect(huge).toContainText(/larger than the 5 MB limit/);
  // The server refused it part way through sending; the finished row's bar is full all the same.
  await expect(huge.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "100");
  await expect(upload.status(upload.row("trajectories.jsonl"))).toHaveText("stored");
  await expect(upload.summary).toContainText("1 failed");
});

test("an upload the server rate-limits (429) waits as long as it is told and goes through", async ({ page }) => {
  // Only the first answer is replaced, by the rate limiter's own shape; the retry reaches the real server.
  let limited = 0;
  await page.route("**/api/v1/ingest**", async (route) => {
    if (limited++ > 0) return route.continue();
    await route.fulfill({
      status: 429,
      headers: { "Retry-After": "1", "content-type": "application/json" },
      body: JSON.stringify({ error: { code: "rate_limited", message: "Too many requests; try again in 1 s." } }),
    });
  });
  const upload = new UploadPage(page);
  await upload.goto();
  await upload.project.fill("e2e-upload-429");
  await upload.chooseFiles.setInputFiles("test/fixtures/acos/code_development_traj_1790812832410_ab12.json");
  await upload.waitUntilDone();
  await expect(upload.status(upload.row("code_development_traj_1790812832410_ab12.json"))).toHaveText("stored");
  expect(limited).toBe(2);
});

test("an empty file is answered alike alone and in a zip, whatever its name: no records, nothing rejected", async ({
  page,
}) => {
  const upload = new UploadPage(page);
  await upload.goto();
  await upload.project.fill("e2e-upload-empty");
  const session = "-Users-x/0a1b2c3d-0000-4000-8000-000000000000.jsonl";
  await upload.chooseFiles.setInputFiles([
    { name: "empty.jsonl", mimeType: "application/x-ndjson", buffer: Buffer.alloc(0) },
    {
      name: "empties.zip",
      mimeType: "application/zip",
      buffer: Buffer.from(zipSync({ "notes.json": new Uint8Array(), [session]: new TextEncoder().encode(" \n") })),
    },
  ]);
  await upload.waitUntilDone();
  for (const path of ["empty.jsonl", "notes.json", session]) {
    const row = upload.row(path);
    await expect(upload.status(row), path).toHaveText("no records");
    await expect(row).toContainText("Empty file");
    await expect(row).toContainText("0 rejected");
    await expect(row.getByRole("list", { name: "Rejection reasons" })).toHaveCount(0);
    await expect(row.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "100");
  }
  await expect(upload.figure("Rejected records")).toHaveText("0");
});

test("sub-agents whose main transcript is missing wait, and the project lists them with their sub-agents", async ({
  page,
}) => {
  const session = "ef958aa1-0e93-49f0-bb71-150f63befcd1";
  const subagents = Object.entries(transcripts()).filter(([name]) => name.includes(`${session}/subagents/`));
  const upload = new UploadPage(page);
  await upload.goto();
  await upload.project.fill("e2e-upload-waiting");
  await upload.chooseFiles.setInputFiles({
    name: "subagents.zip",
    mimeType: "application/zip",
    buffer: Buffer.from(zipSync(Object.fromEntries(subagents))),
  });
  await upload.waitUntilDone();

  await expect(upload.rows).toHaveCount(12);
  await expect(upload.rows.locator('[data-status="waiting"]')).toHaveCount(12);
  const first = upload.row(subagents[0]![0]);
  await expect(first).toContainText("Waiting for the main transcript of session ef958aa1");
  const note = page.getByRole("note");
  await expect(note).toContainText("12 sub-agent files waiting for their main transcript (1 session).");
  await saveScreenshot(page, "upload-waiting");

  await note.getByRole("link", { name: "e2e-upload-waiting" }).click();
  await expect(page).toHaveURL("/projects/e2e-upload-waiting");
  await expect(page.getByText("This project has no sessions yet.")).toBeVisible();
  const waiting = page.getByRole("region", { name: "Waiting for their main transcript" });
  await expect(waiting).toContainText("1 session · 12 sub-agent files");
  await waiting.getByText(session, { exact: true }).click();
  const agents = waiting.getByRole("table", { name: `Sub-agents of session ${session}` });
  await expect(agents.locator("tbody tr")).toHaveCount(6);
  const agent = agents.getByRole("row", { name: /a36efb2a1231c41e2/ });
  await expect(agent).toContainText("general-purpose");
  await expect(agent).toContainText("Round 2: alice comparison");
  await expect(agent.getByRole("cell").nth(4)).toHaveText(
    `-experiments-worktrees/${session}/subagents/agent-a36efb2a1231c41e2.jsonl`,
  );
  await saveScreenshot(page, "project-waiting");
});
