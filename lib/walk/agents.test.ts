import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { AGENTS, EXPECTED, homeFolders } from "./agents";
import { SOURCE_KINDS } from "./kinds";

describe("the agent registry", () => {
  it("has one entry per source kind, filed under its own kind, each saying what it looks for", () => {
    expect(Object.keys(AGENTS).sort()).toEqual([...SOURCE_KINDS].sort());
    for (const [kind, agent] of Object.entries(AGENTS)) {
      expect(agent.kind).toBe(kind);
      expect(EXPECTED).toContain(agent.expects);
    }
  });
});

describe("homeFolders", () => {
  const home = fs.mkdtempSync(path.join(os.tmpdir(), "starlight-home-"));
  afterAll(() => fs.rmSync(home, { recursive: true, force: true }));
  for (const dir of [".gemini/tmp", ".gemini/antigravity-cli", ".local/share/opencode", "xdg/opencode"])
    fs.mkdirSync(path.join(home, dir), { recursive: true });

  it("finds Gemini CLI, Antigravity CLI and OpenCode in their default folders", async () => {
    expect(await homeFolders(home)).toEqual([
      { name: "Gemini CLI", dir: path.join(home, ".gemini") },
      { name: "OpenCode", dir: path.join(home, ".local/share/opencode") },
      { name: "Antigravity CLI", dir: path.join(home, ".gemini/antigravity-cli") },
    ]);
  });

  it("looks for OpenCode under XDG_DATA_HOME when it is set, and ignores a relative one as the XDG specification says", async () => {
    const opencode = async (env: Record<string, string>) =>
      (await homeFolders(home, env)).find((f) => f.name === "OpenCode")?.dir;
    expect(await opencode({ XDG_DATA_HOME: path.join(home, "xdg") })).toBe(path.join(home, "xdg/opencode"));
    expect(await opencode({ XDG_DATA_HOME: "xdg" })).toBe(path.join(home, ".local/share/opencode"));
  });
});
