import fs from "node:fs";
import path from "node:path";
import { chromium } from "@playwright/test";
import { generateCodexRollout } from "@/lib/generate/codex";
import { generateGeminiSessions } from "@/lib/generate/gemini";

const BASE = process.env.BASE ?? "http://127.0.0.1:3610";
const out = "/tmp/shot16";
const files: { name: string; content: Buffer }[] = [];
const walk = (root: string, dir = root) => {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) walk(root, full);
    else if (/\.(jsonl|json)$/.test(e.name)) files.push({ name: path.relative(root, full), content: fs.readFileSync(full) });
  }
};
walk("test/fixtures/claude-code");
for (let i = 0; i < 6; i++) {
  const g = generateCodexRollout({ seed: 60 + i, turns: 4, cwd: "/home/dev/shop", start: Date.UTC(2026, 9, 1 + i, 9) });
  files.push({ name: g.name, content: Buffer.from(g.text) });
}
for (const chat of generateGeminiSessions({ seed: 7, count: 9 })) files.push({ name: chat.path, content: Buffer.from(chat.content) });

const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, baseURL: BASE });
const signIn = await context.request.post("/api/v1/session", { data: { email: "admin@shot.test", password: "correct horse battery" }, headers: { origin: BASE } });
console.log("sign-in", signIn.status(), (await signIn.text()).slice(0, 200));
const cookies = (await context.cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
const form = new FormData();
for (const f of files) form.append("files", new Blob([new Uint8Array(f.content)]), f.name);
const res = await fetch(`${BASE}/api/v1/ingest`, { method: "POST", body: form, headers: { cookie: cookies, origin: BASE } });
const body = (await res.json()) as { totals: unknown; files: { name: string; rejected: number; errors?: unknown[] }[] };
console.log("ingest", res.status, JSON.stringify(body.totals), JSON.stringify(body.files.filter((f) => f.rejected > 0).slice(0, 3)));
const page = await context.newPage();
const shots: [string, string, number][] = [
  ["overview", "/", 1280],
  ["overview-shop", "/?project=shop", 1280],
  ["overview-codex", "/?agent=codex", 1280],
  ["overview-390", "/", 390],
  ["experiment", "/projects/deep-manifest/experiment", 1280],
];
for (const [name, url, width] of shots) {
  await page.setViewportSize({ width, height: 900 });
  await page.goto(url);
  await page.screenshot({ path: `${out}/${name}.png`, fullPage: true });
}
await page.setViewportSize({ width: 1280, height: 900 });
await page.goto("/projects/deep-manifest");
await page.locator("a[href^='/sessions/']").first().click();
await page.waitForURL(/\/sessions\//);
await page.screenshot({ path: `${out}/session-deep.png`, fullPage: true });
await browser.close();
