import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { SERVER_NODE_FLAGS } from "../scripts/server-flags.mjs";
import { E2E_PORT } from "./support/accounts";

// What a person who runs `npm start` reads last: scripts/server.mjs on a database of its own, beside the e2e server.
const PORT = E2E_PORT + 1;
const URL = `http://127.0.0.1:${PORT}`;
const dir = path.resolve(".tmp", `e2e-first-start-${PORT}`);
const LAST_LINE = /^(Open |Starlight is running at )/;

interface Started {
  child: ChildProcess;
  lines: () => string[];
}

function start(env: Record<string, string>): Started {
  const inherited = { ...process.env };
  for (const name of [
    "STARLIGHT_DATABASE_URL",
    "STARLIGHT_SETUP_CODE",
    "STARLIGHT_ADMIN_EMAIL",
    "STARLIGHT_ADMIN_PASSWORD",
  ])
    delete inherited[name];
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, "scripts/server.mjs", "--port", String(PORT)], {
    env: { ...inherited, STARLIGHT_DB: path.join(dir, "starlight.db"), ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  return { child, lines: () => output.split("\n").filter((line) => line.trim() !== "") };
}

/** Waits for the line the server ends its start with, then stops it; resolves with everything it printed. */
async function startAndStop(env: Record<string, string> = {}): Promise<string[]> {
  const server = start(env);
  try {
    await expect.poll(() => server.lines().some((line) => LAST_LINE.test(line)), { timeout: 60_000 }).toBe(true);
    return server.lines();
  } finally {
    const exited = new Promise((resolve) => server.child.once("exit", resolve));
    server.child.kill("SIGTERM");
    await exited;
  }
}

test.beforeAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
});

test("a first start ends with where to create the admin account and the setup code; later starts with where Starlight runs", async () => {
  const first = await startAndStop();
  expect(first.at(-1)).toMatch(
    new RegExp(
      `^Open ${URL}/setup and enter the code [A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4} to create the admin account\\.$`,
    ),
  );

  const withAdmin = await startAndStop({
    STARLIGHT_ADMIN_EMAIL: "first-start@starlight.test",
    STARLIGHT_ADMIN_PASSWORD: "first-start-password-1",
  });
  expect(withAdmin.slice(-2)).toEqual([
    "[starlight] created the admin account first-start@starlight.test from STARLIGHT_ADMIN_EMAIL",
    `Starlight is running at ${URL}`,
  ]);
  expect(withAdmin.join("\n")).not.toContain("/setup");
  for (const line of [...first, ...withAdmin]) expect(line).not.toContain("next.config");
});
