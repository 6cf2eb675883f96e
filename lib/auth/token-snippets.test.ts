import { describe, expect, it } from "vitest";
import { cliCommand, tokenSnippets } from "./token-snippets";

describe("tokenSnippets", () => {
  const base = {
    origin: "http://starlight.lan:3000",
    token: "sl_abc",
    project: "my-app",
    cli: cliCommand("/opt/starlight"),
  };

  it("gives an ingest token the import line and the SessionEnd hook", () => {
    const snippets = tokenSnippets({ ...base, permissions: ["ingest"] });
    expect(snippets.map((s) => s.id)).toEqual(["terminal", "session-end"]);
    expect(snippets[0]!.text).toBe(
      "STARLIGHT_URL=http://starlight.lan:3000 STARLIGHT_TOKEN=sl_abc node /opt/starlight/bin/starlight.mjs import ~/.claude/projects",
    );
    expect(JSON.parse(snippets[1]!.text)).toEqual({
      hooks: {
        SessionEnd: [
          {
            hooks: [
              {
                type: "command",
                command:
                  "STARLIGHT_URL=http://starlight.lan:3000 STARLIGHT_TOKEN=sl_abc node /opt/starlight/bin/starlight.mjs push --background",
              },
            ],
          },
        ],
      },
    });
  });

  it("gives a read token the SessionStart guidance hook for its project", () => {
    const [only, ...rest] = tokenSnippets({ ...base, permissions: ["read"] });
    expect(rest).toEqual([]);
    expect(only!.id).toBe("session-start");
    expect(only!.text).toContain("guidance --hook --project my-app");
  });

  it("lets the hook find the project from the session's folder for a token not limited to one", () => {
    const snippets = tokenSnippets({ ...base, project: null, permissions: ["read", "ingest"] });
    expect(snippets.map((s) => s.id)).toEqual(["terminal", "session-end", "session-start"]);
    expect(snippets[2]!.text).toContain('guidance --hook"');
    expect(snippets[2]!.text).not.toContain("--project");
  });

  it("runs the CLI of the folder the server is installed in, quoted when the path needs it", () => {
    expect(cliCommand("/opt/starlight")).toBe("node /opt/starlight/bin/starlight.mjs");
    expect(cliCommand("/opt/starlight/")).toBe("node /opt/starlight/bin/starlight.mjs");
    expect(cliCommand("/home/me/My Apps/starlight")).toBe("node '/home/me/My Apps/starlight/bin/starlight.mjs'");
    const [hook] = tokenSnippets({ ...base, permissions: ["read"], cli: cliCommand("/home/me/My Apps/starlight") });
    expect(JSON.parse(hook!.text).hooks.SessionStart[0].hooks[0].command).toContain(
      "node '/home/me/My Apps/starlight/bin/starlight.mjs' guidance --hook",
    );
  });
});
