import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { generateAcosTrajectories } from "@/test/factories/generate/acos";
import { BASE_URL } from "./support/accounts";
import { saveScreenshot } from "./support/screenshot";
import { expect, test } from "./support/test";

const run = promisify(execFile);
const ALLOWED = "e2e-cli";
const REFUSED = "e2e-cli-other";

/** Runs the real CLI; resolves with its exit code and output whether it succeeds or not. */
async function starlight(args: string[], env: Record<string, string>) {
  try {
    const { stdout, stderr } = await run(process.execPath, ["bin/starlight.mjs", ...args], {
      env: { ...process.env, ...env },
    });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: failed.stdout + failed.stderr };
  }
}

async function sessionCount(request: import("@playwright/test").APIRequestContext, slug: string): Promise<number> {
  const body = (await (await request.get(`/api/v1/projects/${slug}/sessions?limit=200`)).json()) as {
    items: unknown[];
  };
  return body.items.length;
}

test("a token made in Settings lets the CLI upload to its project, and is refused for another", async ({
  page,
  request,
}) => {
  for (const name of [ALLOWED, REFUSED])
    expect((await request.post("/api/v1/projects", { data: { name } })).status()).toBe(201);

  await page.goto("/settings");
  await page.getByLabel("Name", { exact: true }).fill("laptop import");
  await page.getByLabel("Only these projects:").check();
  await page.getByLabel(ALLOWED, { exact: true }).check();
  await page.getByRole("button", { name: "Create token" }).click();
  const token = (await page.getByTestId("new-token").innerText()).trim();
  expect(token).toMatch(/^sl_/);
  await expect(page.getByTestId("snippet-session-end")).toContainText("push --background");
  // The snippets run the CLI of the folder the server runs from (the repository, where Playwright runs too).
  const cli = path.resolve("bin", "starlight.mjs");
  expect(fs.existsSync(cli)).toBe(true);
  for (const id of ["terminal", "session-end"])
    await expect(page.getByTestId(`snippet-${id}`)).toContainText(`node ${cli} `);
  await expect(page.getByRole("region", { name: /Copy the token/ })).not.toContainText("/path/to/starlight");
  await saveScreenshot(page, "settings-new-token");
  await page.getByRole("button", { name: "I have copied it" }).click();
  await expect(
    page.getByRole("table", { name: "Your API tokens" }).getByRole("row", { name: /laptop import/ }),
  ).toContainText(ALLOWED);

  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "starlight-e2e-cli-"));
  for (const r of generateAcosTrajectories({ seed: 77, count: 6 })) {
    fs.writeFileSync(path.join(folder, `${r.type}_${r.id}.json`), JSON.stringify(r));
  }
  const env = { STARLIGHT_URL: BASE_URL, STARLIGHT_TOKEN: token, STARLIGHT_STATE: path.join(folder, "state.json") };

  const allowed = await starlight(["import", folder, "--project", ALLOWED], env);
  expect(allowed.code, allowed.output).toBe(0);
  expect(await sessionCount(request, ALLOWED)).toBe(6);

  const refused = await starlight(["import", folder, "--project", REFUSED], {
    ...env,
    STARLIGHT_STATE: path.join(folder, "state-2.json"),
  });
  expect(refused.code, refused.output).not.toBe(0);
  expect(refused.output).toContain(`project "${REFUSED}" not found`);
  expect(await sessionCount(request, REFUSED)).toBe(0);

  // The token's last use is shown where it was made.
  await page.reload();
  await expect(
    page.getByRole("table", { name: "Your API tokens" }).getByRole("row", { name: /laptop import/ }),
  ).not.toContainText("never");
  fs.rmSync(folder, { recursive: true, force: true });
});
