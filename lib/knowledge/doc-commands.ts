import { parseCommand } from "@/lib/shell/purpose";
import type { CommandPurpose } from "./contract";

/**
 * The commands a project's own docs document (README.md, CONTRIBUTING.md, CLAUDE.md, AGENTS.md), read from the text
 * an agent's Read of the doc returned: the lines of its fenced code blocks and its inline code spans that run a
 * command of a purpose worth stating (setup, tests, lint, running the project; lib/shell/purpose.ts classifies them).
 * A usage example of the project's own tool (`mytool --flag x`), a clone or a `cd` is none. Docs arrive inside
 * uploads: this only reads them; lib/knowledge/documented.ts decides what may be stated.
 */

export const DOCUMENTED_PURPOSES: ReadonlySet<CommandPurpose> = new Set(["install", "test", "lint", "run"]);
/** The project's instruction and contributor docs, by name (`.md` files; case does not matter). */
export const INSTRUCTION_DOC_NAMES = ["CLAUDE", "AGENTS", "CONTRIBUTING", "README"] as const;
/** A path to one of them (`.claude/CLAUDE.md` too). */
export const INSTRUCTION_DOC = new RegExp(
  String.raw`(?:^|[/\\])(?:\.claude[/\\])?(?:${INSTRUCTION_DOC_NAMES.join("|")})\.md$`,
  "i",
);

/** A Read result's line-number prefix (Claude Code's `    15→`, a tab-separated number). */
const LINE_NUMBER = /^\s*\d+(?:→|\t)/;
const FENCE = /^(?:```|~~~)/;
/** A shell prompt before a documented command. */
const PROMPT = /^(?:\$|>)\s+/;

export interface DocCommand {
  /** Index of the line in the text. */
  line: number;
  command: string;
  purpose: CommandPurpose;
}

/** The purpose the command serves when it is one worth stating and every step of it is recognised; else null. */
function purposeOf(command: string): CommandPurpose | null {
  if (/[<>]\S|\/path\/to\b|\[REDACTED/.test(command)) return null;
  const parsed = parseCommand(command);
  const step = parsed?.steps.find((s) => s.purpose !== null && DOCUMENTED_PURPOSES.has(s.purpose));
  return step?.purpose ?? null;
}

/** Every documented command of the text, in order: fenced lines first as they come, inline code spans of prose lines too. */
export function docCommands(text: string): DocCommand[] {
  const found: DocCommand[] = [];
  let fenced = false;
  for (const [i, raw] of text.split(/\r?\n/).entries()) {
    const line = raw.replace(LINE_NUMBER, "").trim();
    if (FENCE.test(line)) {
      fenced = !fenced;
      continue;
    }
    const candidates = fenced
      ? [line.replace(PROMPT, "").replace(/\s+#\s.*$/, "")]
      : [...line.matchAll(/`([^`\n]+)`/g)].map((m) => m[1]!.trim());
    for (const command of candidates) {
      if (command === "" || command.startsWith("#")) continue;
      const purpose = purposeOf(command);
      if (purpose !== null) found.push({ line: i, command, purpose });
    }
  }
  return found;
}
