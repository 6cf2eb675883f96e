import fs from "node:fs";
import path from "node:path";

const CLAUDE_FIXTURES = path.resolve("test/fixtures/claude-code");

/** Every transcript and meta file of the Claude Code fixtures, named by its path under the projects root, as the CLI sends them. */
export function claudeFixtureFiles(filter: (name: string) => boolean = () => true): { name: string; content: Uint8Array }[] {
  const out: { name: string; content: Uint8Array }[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.(jsonl|json)$/.test(entry.name)) out.push({ name: path.relative(CLAUDE_FIXTURES, full), content: fs.readFileSync(full) });
    }
  };
  walk(CLAUDE_FIXTURES);
  return out.filter((f) => filter(f.name));
}
