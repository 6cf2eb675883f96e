import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildOpenCodeDb } from "@/test/fixtures/opencode/build-db";
import { startAppServer, type AppServer } from "./support/app-server";
import { sessionsByProject } from "./support/cli-checks";
import { cliHome, removeCliHomes, runCli } from "./support/run-cli";

/**
 * A home folder whose OpenCode data folder (under XDG_DATA_HOME) holds the fixture database only
 * (test/fixtures/opencode/build-db.ts): 3 sessions, shop (its task sub-agent's session folded in), blog and notes,
 * counted by hand. A second data folder holds the database and the storage folder, whose three sessions are in the
 * database too: each is stored once.
 */
const { home, state } = cliHome();
const dataHome = path.join(home, "data");
const EXPECTED = { shop: 1, blog: 1, notes: 1 };

let app: AppServer;
beforeAll(async () => {
  app = await startAppServer();
  buildOpenCodeDb(path.join(dataHome, "opencode", "opencode.db"));
});
afterAll(async () => {
  await app.close();
  removeCliHomes();
});

describe("starlight import: OpenCode's database", () => {
  const run = (args: string[], stateFile: string) =>
    runCli(["import", ...args, "--url", app.url], {
      home,
      env: { STARLIGHT_STATE: stateFile, XDG_DATA_HOME: dataHome },
    });

  it("with no folder, finds opencode.db under XDG_DATA_HOME and stores each session in its project", async () => {
    const result = await run([], state);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain(`OpenCode (${path.join(dataHome, "opencode")})`);
    expect(result.stdout).toContain("Records: 3 accepted, 0 duplicates, 0 rejected.");
    expect(await sessionsByProject(app.url)).toEqual(EXPECTED);
  });

  it("with the data folder named, stores each session once when everything is sent again", async () => {
    const fresh = cliHome();
    const result = await run([path.join(dataHome, "opencode")], fresh.state);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain("Records: 0 accepted, 3 duplicates, 0 rejected.");
    expect(await sessionsByProject(app.url)).toEqual(EXPECTED);
  });

  it("sends a session kept in both the database and the storage folder once", async () => {
    fs.cpSync("test/fixtures/opencode/storage", path.join(dataHome, "opencode", "storage"), { recursive: true });
    const fresh = cliHome();
    const result = await run([path.join(dataHome, "opencode")], fresh.state);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain("OpenCode sessions in");
    expect(result.stdout).toContain("Records: 0 accepted, 3 duplicates, 0 rejected.");
    expect(await sessionsByProject(app.url)).toEqual(EXPECTED);
  });

  it("stores a session once when it comes from the storage folder after the database (the ingest keys on its id)", async () => {
    const fresh = cliHome();
    const result = await run([path.resolve("test/fixtures/opencode")], fresh.state);
    expect(result.code, result.stderr).toBe(0);
    expect(await sessionsByProject(app.url)).toEqual(EXPECTED);
  });
});
