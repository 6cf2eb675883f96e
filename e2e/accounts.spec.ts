import { ingestAcos } from "./support/ingest";
import { BASE_URL } from "./support/accounts";
import { expect, test } from "./support/test";

const TEAM = "e2e-team";
const OTHER = "e2e-team-private";
const VIEWER = { email: "vera@starlight.test", name: "Vera Viewer", password: "viewer password 1" };

test.beforeAll(async ({ request }) => {
  await ingestAcos(request, TEAM, 901, 10);
  await ingestAcos(request, OTHER, 902, 5);
  const created = await request.post("/api/v1/users", { data: { ...VIEWER, isAdmin: false } });
  expect(created.status(), await created.text()).toBe(201);
  const member = await request.put(`/api/v1/projects/${TEAM}/members`, {
    data: { email: VIEWER.email, role: "viewer" },
  });
  expect(member.status(), await member.text()).toBe(200);
});

test.describe("a viewer", () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  test("signs in, reads their project, cannot upload or see other projects, and signs out", async ({ page }) => {
    await page.goto(`/projects/${TEAM}`);
    await expect(page).toHaveURL(`/sign-in?next=${encodeURIComponent(`/projects/${TEAM}`)}`);

    await page.getByLabel("Email").fill(VIEWER.email);
    await page.getByLabel("Password").fill("not the password");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "do not match" })).toBeVisible();

    await page.getByLabel("Password").fill(VIEWER.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(`/projects/${TEAM}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(TEAM);

    // Viewers read: Federation but no Upload in the navigation, and the upload page says why instead of offering a form.
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link", { name: "Projects" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Federation" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Upload" })).toHaveCount(0);
    await page.goto("/upload");
    await expect(page.getByText(/view-only/i).first()).toBeVisible();
    await expect(page.locator('input[type="file"]')).toHaveCount(0);

    // The API agrees: 403 for the project they can see, 404 for one they cannot (its existence does not leak).
    const upload = (project: string) =>
      page.request.post(`/api/v1/ingest?project=${project}&name=t.jsonl`, {
        data: "{}",
        headers: { Origin: BASE_URL, "content-type": "application/json" },
      });
    expect((await upload(TEAM)).status()).toBe(403);
    expect((await upload(OTHER)).status()).toBe(404);
    expect((await page.request.get(`/api/v1/projects/${OTHER}/sessions`)).status()).toBe(404);

    await page.goto("/projects");
    await expect(page.getByRole("link", { name: TEAM, exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: OTHER, exact: true })).toHaveCount(0);
    await page.goto(`/projects/${OTHER}`);
    await expect(page.getByRole("heading", { level: 1 })).toContainText(/not found/i);

    await page.getByRole("button", { name: VIEWER.name }).click();
    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL(/\/sign-in/);
    await page.goto("/projects");
    await expect(page).toHaveURL(/\/sign-in\?next=%2Fprojects$/);
    expect((await page.request.get("/api/v1/projects")).status()).toBe(401);
  });
});
