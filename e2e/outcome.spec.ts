import fs from "node:fs";
import path from "node:path";
import { expect, test } from "./support/test";

const FILE = "-Users-chip-dev-ai-music/fed8ce56-bc79-401f-a83e-af084253362f.jsonl";

test("a person judges a session failed from its page, and can restore the estimate", async ({ page, request }) => {
  const content = fs.readFileSync(path.join("test/fixtures/claude-code", FILE));
  const response = await request.post("/api/v1/ingest?project=e2e-outcome", {
    multipart: { files: { name: FILE, mimeType: "application/x-ndjson", buffer: content } },
  });
  expect(response.status(), await response.text()).toBe(200);
  const { files } = (await response.json()) as { files: { sessions: { id: number }[] }[] };
  await page.goto(`/sessions/${files[0]!.sessions[0]!.id}`);

  const success = page.getByRole("region", { name: "Success" });
  await expect(success.getByText("estimated from the session's signals")).toBeVisible();
  await expect(success.getByText("How the estimate was reached")).toBeVisible();
  await success.getByRole("button", { name: "Failed" }).click();
  await expect(success.getByText(/Judged failed by hand/)).toBeVisible();
  await expect(success.getByRole("button", { name: "Failed" })).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByRole("region", { name: "Memory" }).getByText("error", { exact: true }).first()).toBeVisible();

  await success.getByRole("button", { name: "Restore original score" }).click();
  await expect(success.getByText("estimated from the session's signals")).toBeVisible();
  await expect(success.getByRole("button", { name: "Failed" })).toHaveAttribute("aria-pressed", "false");
});
