import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { storeRecords } from "@/lib/server/store-records";
import { countLines } from "@/lib/guidance/budget";
import { BEGIN_MARKER, END_MARKER, extractBlock } from "@/lib/guidance/claude-md";
import { CLAUDE_RULES_HEADER } from "@/lib/guidance/render";
import { claudeProjectFolder, MEMORY_WINDOW, WRITE_TARGETS, type WriteTarget } from "@/lib/guidance/write-targets";
import { generateSessions } from "@/test/factories/generate/sessions";
import { startAppServer, type AppServer } from "./support/app-server";
import { adminToken } from "./support/auth";
import { closedPort } from "./support/cli-checks";
import { cliHome, removeCliHomes, runCli } from "./support/run-cli";

const { home } = cliHome();
/** The repository, named as the project is: its folder's name. */
const repo = path.join(home, "src", "widget");
const memoryFile = () =>
  path.join(home, ".claude", "projects", claudeProjectFolder(fs.realpathSync(repo)), "memory", "MEMORY.md");
const lines = (n: number, prefix: string) => Array.from({ length: n }, (_, i) => `${prefix} ${i + 1}\n`).join("");

let app: AppServer;
const write = (target: WriteTarget | null, ...extra: string[]) =>
  runCli(["guidance", "--write", ...(target ? ["--target", target] : []), "--dir", repo, "--url", app.url, ...extra], {
    home,
  });

async function served(format: string, query = ""): Promise<string> {
  const response = await fetch(`${app.url}/api/v1/projects/widget/guidance?format=${format}${query}`, {
    headers: { authorization: `Bearer ${await adminToken()}` },
  });
  expect(response.status).toBe(200);
  return response.text();
}

beforeAll(async () => {
  app = await startAppServer();
  const sessions = generateSessions({ seed: 17, count: 200, effects: { verification: 0.2 }, idPrefix: "w-" });
  await storeRecords(getDb(), "widget", { sessions, patterns: [] });
  fs.mkdirSync(repo, { recursive: true });
});
afterAll(async () => {
  await app.close();
  removeCliHomes();
});

describe("starlight guidance --write, twice per target", () => {
  /** What each file holds before the first run: the user's own text, or nothing. */
  const before: Record<WriteTarget, { file: string; user: string | null }> = {
    "claude-md": {
      file: path.join(repo, "CLAUDE.md"),
      user: `# Widget\r\n\r\nUse pnpm.  \r\n\r\n${BEGIN_MARKER}\r\nold\r\n${END_MARKER}\r\n## After\r\nkept\r\n`,
    },
    "agents-md": { file: path.join(repo, "AGENTS.md"), user: "# Agents\n\nTabs\there, no newline at the end" },
    "claude-rules": { file: path.join(repo, ".claude", "rules", "starlight.md"), user: null },
    cursor: { file: path.join(repo, ".cursor", "rules", "starlight.mdc"), user: null },
    windsurf: { file: path.join(repo, ".windsurf", "rules", "starlight.md"), user: null },
    memory: { file: "", user: lines(120, "- a note Claude kept") },
  };

  for (const target of WRITE_TARGETS) {
    it(`${target}: writes the guidance, keeps the user's text, then says unchanged`, async () => {
      const { user } = before[target];
      const file = target === "memory" ? memoryFile() : before[target].file;
      if (user !== null) {
        fs.mkdirSync(path.dirname(file), { recursive: true });
        fs.writeFileSync(file, user);
      }
      const first = await write(target);
      expect(first.code, first.stderr).toBe(0);
      expect(first.stderr).toBe("");
      const shown = target === "memory" ? file : path.relative(repo, file);
      expect(first.stdout).toBe(`${shown}: ${user === null ? "created" : "updated"}\n`);
      const text = fs.readFileSync(file, "utf8");

      const second = await write(target);
      expect(second.code, second.stderr).toBe(0);
      expect(second.stdout).toBe(`${shown}: unchanged\n`);
      expect(fs.readFileSync(file, "utf8")).toBe(text);

      switch (target) {
        case "claude-md": {
          // CRLF kept, the old block replaced, everything around it byte for byte.
          const block = (await served("claude-md")).replace(/\n/g, "\r\n");
          expect(text).toBe(`# Widget\r\n\r\nUse pnpm.  \r\n\r\n${block}## After\r\nkept\r\n`);
          break;
        }
        case "agents-md":
          expect(text).toBe(`${user}\n\n${await served("agents-md")}`);
          break;
        case "memory": {
          expect(text.startsWith(user!)).toBe(true);
          expect(extractBlock(text)).toContain("## Starlight guidance: widget");
          expect(countLines(text)).toBeLessThanOrEqual(MEMORY_WINDOW);
          break;
        }
        default:
          expect(text).toBe(await served(target === "claude-rules" ? "claude-rules" : target));
      }
      if (target === "claude-rules")
        expect(text.startsWith(`${CLAUDE_RULES_HEADER}\n# Starlight guidance: widget\n`)).toBe(true);
    });
  }

  it("writes .claude/rules/starlight.md when no target is named", async () => {
    const result = await write(null);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toBe(`${path.join(".claude", "rules", "starlight.md")}: unchanged\n`);
  });
});

describe("MEMORY.md stays within the 200 lines Claude Code reads", () => {
  it("gives the section only what the user's lines leave, and takes it out when nothing is left", async () => {
    const file = memoryFile();
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const above = lines(180, "- above");
    fs.writeFileSync(file, above);
    expect((await write("memory")).stdout).toContain(": updated");
    const fitted = fs.readFileSync(file, "utf8");
    expect(countLines(fitted)).toBeLessThanOrEqual(MEMORY_WINDOW);
    expect(countLines(fitted)).toBeGreaterThan(190);
    expect(fitted.startsWith(above)).toBe(true);
    expect(fitted).toContain("left out to fit the size budget");
    expect((await write("memory")).stdout).toContain(": unchanged");

    // Claude adds notes below the section: the section shrinks so they stay in the window, then goes.
    const below = lines(5, "- below");
    fs.writeFileSync(file, fitted + below);
    expect((await write("memory")).stdout).toContain(": updated");
    const shrunk = fs.readFileSync(file, "utf8");
    expect(countLines(shrunk)).toBeLessThanOrEqual(MEMORY_WINDOW);
    expect(shrunk.startsWith(above)).toBe(true);
    expect(shrunk.endsWith(`${END_MARKER}\n${below}`)).toBe(true);
    expect(countLines(extractBlock(shrunk)!)).toBeLessThan(countLines(extractBlock(fitted)!));

    fs.writeFileSync(file, shrunk + lines(10, "- more"));
    const full = await write("memory");
    expect(full.code).toBe(0);
    expect(full.stderr).toContain("no room left in the first 200 lines");
    expect(fs.readFileSync(file, "utf8")).toBe(`${above}\n${below}${lines(10, "- more")}`);
    expect((await write("memory")).stdout).toContain(": unchanged");
  });
});

describe("refusals and failures leave the files alone and exit 0", () => {
  it("never writes through a link that leads outside the repository, and follows one that stays inside", async () => {
    const outside = path.join(home, "elsewhere");
    fs.mkdirSync(outside, { recursive: true });
    fs.rmSync(path.join(repo, ".cursor"), { recursive: true, force: true });
    fs.symlinkSync(outside, path.join(repo, ".cursor"));
    const result = await write("cursor");
    expect(result.code).toBe(0);
    expect(result.stdout).toBe("");
    expect(result.stderr).toContain("outside");
    expect(fs.readdirSync(outside)).toEqual([]);
    fs.rmSync(path.join(repo, ".cursor"));

    const claudeMd = path.join(repo, "CLAUDE.md");
    fs.rmSync(claudeMd);
    fs.symlinkSync("AGENTS.md", claudeMd);
    const agents = fs.readFileSync(path.join(repo, "AGENTS.md"), "utf8");
    fs.writeFileSync(
      path.join(repo, "AGENTS.md"),
      agents.replace(extractBlock(agents)!, `${BEGIN_MARKER}\nold\n${END_MARKER}`),
    );
    const linked = await write("claude-md");
    expect(linked.stdout).toBe("AGENTS.md: updated\n");
    expect(fs.lstatSync(claudeMd).isSymbolicLink()).toBe(true);
    // The claude-md block is the agents-md one (same markers, same text): the old block replaced, the rest kept.
    expect(fs.readFileSync(path.join(repo, "AGENTS.md"), "utf8")).toBe(agents);
  });

  it("does not merge into a file that is not UTF-8", async () => {
    const latin1 = Buffer.from("# Caf\xe9 rules\n", "latin1");
    const file = path.join(repo, "AGENTS.md");
    fs.writeFileSync(file, latin1);
    const result = await write("agents-md");
    expect(result.code).toBe(0);
    expect(result.stderr).toContain("not UTF-8");
    expect(fs.readFileSync(file).equals(latin1)).toBe(true);
  });

  it("does not overwrite a whole-file target that is not Starlight's", async () => {
    const mine = "---\ntrigger: always_on\n---\n\n# Our rules\n\nRun the tests.\n";
    const file = path.join(repo, ".windsurf", "rules", "starlight.md");
    fs.writeFileSync(file, mine);
    const result = await write("windsurf");
    expect(result.code).toBe(0);
    expect(result.stderr).toContain("not written by Starlight");
    expect(fs.readFileSync(file, "utf8")).toBe(mine);
  });

  it("says why on stderr when the server is down, the project unknown or the token missing", async () => {
    const file = path.join(repo, ".claude", "rules", "starlight.md");
    const text = fs.readFileSync(file, "utf8");
    const down = await write("claude-rules", "--url", `http://127.0.0.1:${await closedPort()}`);
    expect(down.code).toBe(0);
    expect(down.stderr).toContain("cannot reach Starlight");
    const unknown = await write("claude-rules", "--project", "nope");
    expect(unknown.code).toBe(0);
    expect(unknown.stderr).toContain("HTTP 404");
    const anonymous = await runCli(["guidance", "--write", "--dir", repo, "--url", app.url], { home, token: null });
    expect(anonymous.code).toBe(0);
    expect(anonymous.stderr).toContain("HTTP 401");
    const usage = await runCli(["guidance", "--write", "--target", "readme", "--dir", repo], { home });
    expect(usage.code).toBe(0);
    expect(usage.stderr).toContain(
      "--target must be one of claude-md, claude-rules, agents-md, cursor, windsurf, memory",
    );
    expect(fs.readFileSync(file, "utf8")).toBe(text);
  });
});
