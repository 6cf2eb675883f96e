import { chromium } from "@playwright/test";
const BASE = "http://127.0.0.1:3610";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, baseURL: BASE });
await context.request.post("/api/v1/session", { data: { email: "admin@shot.test", password: "correct horse battery" }, headers: { origin: BASE } });
const page = await context.newPage();
for (const [name, url] of (process.argv.slice(2).map((a) => a.split("=")) as [string, string][])) {
  await page.goto(url);
  await page.waitForLoadState("networkidle");
  await page.waitForTimeout(500);
  await page.screenshot({ path: `/tmp/shot16/${name}.png`, fullPage: process.env.FULL !== "0" });
}
await browser.close();
