import { shellWord } from "@/lib/shell/quote";

/**
 * Ready-to-paste ways to use a new API token (docs/cli-and-hooks.md). The CLI is run with node from
 * the Starlight clone, named by its full path: a hook runs in the project's folder, where a bare `npx starlight`
 * would fetch an unrelated npm package and hand it the token.
 */
export function cliCommand(installRoot: string): string {
  return `node ${shellWord(`${installRoot.replace(/\/+$/, "")}/bin/starlight.mjs`)}`;
}

export interface TokenSnippet {
  id: "terminal" | "session-end" | "session-start";
  title: string;
  /** Where it goes, in a sentence. */
  where: string;
  text: string;
}

/** Claude Code settings with one command hook, laid out as in docs/cli-and-hooks.md. */
function hookJson(event: "SessionEnd" | "SessionStart", command: string): string {
  return [
    "{",
    '  "hooks": {',
    `    "${event}": [`,
    `      { "hooks": [{ "type": "command", "command": ${JSON.stringify(command)} }] }`,
    "    ]",
    "  }",
    "}",
  ].join("\n");
}

/**
 * The snippets a token's permissions allow: uploads need "ingest", guidance needs "read". `project` is the
 * project the guidance hook asks for; without one, `guidance --hook` asks for the project the session's folder
 * names, as uploads do.
 */
export function tokenSnippets(input: {
  origin: string;
  token: string;
  permissions: readonly string[];
  project: string | null;
  cli: string;
}): TokenSnippet[] {
  const env = `STARLIGHT_URL=${input.origin} STARLIGHT_TOKEN=${input.token}`;
  const snippets: TokenSnippet[] = [];
  if (input.permissions.includes("ingest")) {
    snippets.push(
      {
        id: "terminal",
        title: "Upload your history from a terminal",
        where: "Run once; later runs send only new sessions.",
        text: `${env} ${input.cli} import ~/.claude/projects`,
      },
      {
        id: "session-end",
        title: "Send each Claude Code session as it ends",
        where: "Add to ~/.claude/settings.json (your own settings, never a committed file: it holds the token).",
        text: hookJson("SessionEnd", `${env} ${input.cli} push --background`),
      },
    );
  }
  if (input.permissions.includes("read")) {
    snippets.push({
      id: "session-start",
      title: "Give new sessions the project's guidance",
      where: input.project
        ? "Add to the project's .claude/settings.local.json (kept out of git by Claude Code)."
        : "Add to ~/.claude/settings.json: each session gets the guidance of the project its folder names.",
      text: hookJson(
        "SessionStart",
        `${env} ${input.cli} guidance --hook${input.project ? ` --project ${input.project}` : ""}`,
      ),
    });
  }
  return snippets;
}
