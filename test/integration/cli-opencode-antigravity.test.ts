import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAppServer, type AppServer } from "./support/app-server";
import { sessionsByProject } from "./support/cli-checks";
import { cliHome, removeCliHomes, runCli } from "./support/run-cli";

/**
 * A home folder with Antigravity CLI's ~/.gemini/antigravity-cli and OpenCode's storage under XDG_DATA_HOME (the
 * fixtures of test/fixtures/antigravity and test/fixtures/opencode): 2 Antigravity conversations (projects greeter
 * and blog, with its sub-agent's conversation folded in: alone it names no project, so sending it alone would be a
 * rejection and a failed import), 2 OpenCode sessions (shop, with its task sub-agent's session folded in, and
 * blog), counted by hand.
 */
const { home, state } = cliHome();
const dataHome = path.join(home, "data");
const EXPECTED = { greeter: 1, blog: 2, shop: 1 };

let app: AppServer;
beforeAll(async () => {
  app = await startAppServer();
  fs.cpSync("test/fixtures/antigravity/antigravity-cli", path.join(home, ".gemini", "antigravity-cli"), {
    recursive: true,
  });
  fs.cpSync("test/fixtures/opencode/storage", path.join(dataHome, "opencode", "storage"), { recursive: true });
});
afterAll(async () => {
  await app.close();
  removeCliHomes();
});

describe("starlight import with no folder: OpenCode and Antigravity CLI", () => {
  const run = (stateFile: string) =>
    runCli(["import", "--url", app.url], { home, env: { STARLIGHT_STATE: stateFile, XDG_DATA_HOME: dataHome } });

  it("finds OpenCode under XDG_DATA_HOME and Antigravity CLI under ~/.gemini, and stores each session in its project", async () => {
    const result = await run(state);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain(`OpenCode (${path.join(dataHome, "opencode")})`);
    expect(result.stdout).toContain(`Antigravity CLI (${path.join(home, ".gemini", "antigravity-cli")})`);
    expect(await sessionsByProject(app.url)).toEqual(EXPECTED);
  });

  it("stores each session once when everything is sent again", async () => {
    const fresh = cliHome();
    const requests = app.requests.length;
    const result = await run(fresh.state);
    expect(result.code, result.stderr).toBe(0);
    expect(app.requests.length).toBeGreaterThan(requests);
    expect(result.stdout).toContain("Records: 0 accepted, 2 duplicates, 0 rejected.");
    expect(await sessionsByProject(app.url)).toEqual(EXPECTED);
  });
});
