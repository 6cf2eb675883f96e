// The server Playwright tests run against: the production build on a fresh database file.
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const dir = path.join(root, ".tmp", "e2e");
fs.rmSync(dir, { recursive: true, force: true });
fs.mkdirSync(dir, { recursive: true });

const port = process.env.E2E_PORT ?? "3100";
const child = spawn(process.execPath, [path.join(root, "node_modules", "next", "dist", "bin", "next"), "start", "--port", port], {
  cwd: root,
  stdio: "inherit",
  env: { ...process.env, STARLIGHT_DB: path.join(dir, "starlight.db"), STARLIGHT_MAX_BODY_MB: "5", STARLIGHT_LOGIN_ATTEMPTS: "30" },
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code) => process.exit(code ?? 0));
