import { ingestAcos, someSessionId } from "./support/ingest";
import { expect, test } from "./support/test";

const SLUG = "e2e-nav";

test("every page's tab title names the page, then Starlight", async ({ page, request, browser }) => {
  // Twenty pages, each a full load.
  test.slow();
  await ingestAcos(request, SLUG, 950, 6);
  const sessionId = await someSessionId(request, SLUG);
  const titles: [string, string | RegExp][] = [
    ["/", "Overview · Starlight"],
    ["/projects", "Projects · Starlight"],
    [`/projects/${SLUG}`, `${SLUG} · Starlight`],
    [`/projects/${SLUG}/rules`, `Rules · ${SLUG} · Starlight`],
    [`/projects/${SLUG}/knowledge`, `Knowledge · ${SLUG} · Starlight`],
    [`/projects/${SLUG}/guidance`, `Guidance · ${SLUG} · Starlight`],
    [`/projects/${SLUG}/experiment`, `Experiment · ${SLUG} · Starlight`],
    [`/projects/${SLUG}/settings`, "Project settings · Starlight"],
    [`/sessions/${sessionId}`, /^(?!Session not found).+ · Starlight$/],
    ["/memories", "Memories · Starlight"],
    ["/federation", "Federation · Starlight"],
    ["/upload", "Upload · Starlight"],
    ["/settings", "Settings · Starlight"],
    ["/settings/api", "API · Starlight"],
    ["/settings/people", "People · Starlight"],
    ["/settings/audit", "Audit log · Starlight"],
    ["/no-such-page", "Not found · Starlight"],
    ["/sessions/987654321", "Session not found · Starlight"],
    ["/projects/no-such-project", "Project not found · Starlight"],
  ];
  for (const [path, title] of titles) {
    await page.goto(path);
    await expect(page, path).toHaveTitle(title);
  }
  const signedOut = await browser.newPage({ storageState: { cookies: [], origins: [] } });
  await signedOut.goto("/sign-in");
  await expect(signedOut).toHaveTitle("Sign in · Starlight");
  await signedOut.close();
});

test("the top bar links Federation beside the other areas, on a phone too", async ({ page }) => {
  await page.goto("/projects");
  const nav = page.getByRole("navigation", { name: "Main" });
  await nav.getByRole("link", { name: "Federation" }).click();
  await expect(page).toHaveURL("/federation");
  await expect(nav.getByRole("link", { name: "Federation" })).toHaveAttribute("aria-current", "page");

  // A phone, a small tablet (the widest window with the links on a row of their own) and the narrowest with one row.
  for (const width of [390, 767, 768]) {
    await page.setViewportSize({ width, height: 800 });
    for (const name of ["Projects", "Memories", "Federation", "Upload"])
      await expect(nav.getByRole("link", { name })).toBeInViewport();
    await expect(page.getByRole("group", { name: "Colour theme" })).toBeInViewport();
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  }
});
