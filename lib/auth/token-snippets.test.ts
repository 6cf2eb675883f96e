import { describe, expect, it } from "vitest";
import { tokenSnippets } from "./token-snippets";

describe("tokenSnippets", () => {
  const base = { origin: "http://starlight.lan:3000", token: "sl_abc", project: "my-app" };

  it("gives an ingest token the import line and the SessionEnd hook", () => {
    const snippets = tokenSnippets({ ...base, permissions: ["ingest"] });
    expect(snippets.map((s) => s.id)).toEqual(["terminal", "session-end"]);
    expect(snippets[0]!.text).toBe("STARLIGHT_URL=http://starlight.lan:3000 STARLIGHT_TOKEN=sl_abc node /path/to/starlight/bin/starlight.mjs import ~/.claude/projects");
    expect(JSON.parse(snippets[1]!.text)).toEqual({
      hooks: {
        SessionEnd: [
          { hooks: [{ type: "command", command: "STARLIGHT_URL=http://starlight.lan:3000 STARLIGHT_TOKEN=sl_abc node /path/to/starlight/bin/starlight.mjs push --background" }] },
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
});
