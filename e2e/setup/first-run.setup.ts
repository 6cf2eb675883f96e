import { expect, test } from "@playwright/test";
import { ProjectsPage } from "../pages/projects-page";
import { ADMIN, ADMIN_STATE, SETUP_CODE } from "../support/accounts";
import { saveScreenshot } from "../support/screenshot";

// Runs once, before every other spec, on the fresh e2e database: nothing exists until the first admin does.
test("first run: every page leads to setup, which creates the admin and signs them in", async ({ page }) => {
  const before = await page.request.get("/api/v1/projects");
  expect(before.status()).toBe(503);
  expect(((await before.json()) as { error: { code: string } }).error.code).toBe("setup_required");

  await page.goto("/projects");
  await expect(page).toHaveURL(/\/setup$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Create the admin account");
  await saveScreenshot(page, "setup");

  // Without the code printed in the server's terminal, nobody becomes admin.
  await page.getByLabel("Email").fill(ADMIN.email);
  await page.getByLabel("Name").fill(ADMIN.name);
  await page.getByLabel("Password").fill(ADMIN.password);
  await page.getByLabel("Setup code").fill("WRNG-CODE-AAAA");
  await page.getByRole("button", { name: "Create admin account" }).click();
  await expect(
    page.getByText("this is not the code printed in the terminal where Starlight was started"),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/setup$/);

  await page.getByLabel("Setup code").fill(SETUP_CODE.toLowerCase());
  await page.getByLabel("Password").fill("short");
  await page.getByRole("button", { name: "Create admin account" }).click();
  await expect(page.getByText("use at least 10 characters")).toBeVisible();

  await page.getByLabel("Password").fill(ADMIN.password);
  await page.getByRole("button", { name: "Create admin account" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(new ProjectsPage(page).heading).toHaveText("No projects yet");

  // Setup is over: the page sends people to sign in, and the API refuses a second admin.
  await page.goto("/setup");
  await expect(page).not.toHaveURL(/\/setup$/);
  const again = await page.request.post("/api/v1/setup", {
    data: { code: SETUP_CODE, email: "eve@starlight.test", name: "Eve", password: "0123456789ab" },
  });
  expect(again.status()).toBe(409);

  await page.context().storageState({ path: ADMIN_STATE });
});
