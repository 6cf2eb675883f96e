import fs from "node:fs";
import path from "node:path";

const CLAUDE_FIXTURES = path.resolve("test/fixtures/claude-code");

/** Every transcript and meta file of the Claude Code fixtures, named by its path under the projects root, as the CLI sends them. */
export function claudeFixtureFiles(
  filter: (name: string) => boolean = () => true,
): { name: string; content: Uint8Array }[] {
  const out: { name: string; content: Uint8Array }[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.(jsonl|json)$/.test(entry.name))
        out.push({ name: path.relative(CLAUDE_FIXTURES, full), content: fs.readFileSync(full) });
    }
  };
  walk(CLAUDE_FIXTURES);
  return out.filter((f) => filter(f.name));
}

/** The fixtures' session with six sub-agents, each a transcript and a meta file under `<session>/subagents/`. */
export const DELEGATING_SESSION = "ef958aa1-0e93-49f0-bb71-150f63befcd1";

/** That session's main transcript, and its sub-agents' twelve files. */
export function delegatingSessionFiles() {
  return {
    main: claudeFixtureFiles((name) => name.endsWith(`${DELEGATING_SESSION}.jsonl`)),
    subagents: claudeFixtureFiles((name) => name.includes(`${DELEGATING_SESSION}/subagents/`)),
  };
}
