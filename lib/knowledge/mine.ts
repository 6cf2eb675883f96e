import { commandFamily, toolEcosystem } from "@/lib/shell/family";
import { mineFiles } from "./co-change";
import { mineCommands } from "./commands";
import { mineConventions } from "./conventions";
import { mineCorrections } from "./corrections";
import { normaliseProse } from "./prose";
import type { CommandItem, CommandPurpose, KnowledgeItem, KnowledgeSession } from "./contract";
import { retireSuperseded } from "./evidence";
import { mineFailures } from "./failures";
import { minePreferences } from "./preferences";
import { mineStatedRules } from "./stated-rules";

/**
 * Purposes a project serves with one tool at a time, so a newer form replaces an older one (jest → vitest, flake8 →
 * ruff, pip → uv). Builds, runs and version control keep several forms side by side.
 */
const ONE_TOOL_PURPOSES: ReadonlySet<CommandPurpose> = new Set(["test", "lint", "typecheck", "format", "install"]);

/**
 * Two forms do the same job when they serve one purpose in the same ecosystem with different tools: a project that
 * tests both its Python and its web code keeps both.
 */
function sameUse(a: CommandItem, b: CommandItem): boolean {
  const ecosystem = toolEcosystem(a.canonical);
  return (
    a.purpose === b.purpose &&
    ONE_TOOL_PURPOSES.has(a.purpose) &&
    ecosystem !== null &&
    ecosystem === toolEcosystem(b.canonical) &&
    commandFamily(a.canonical) !== commandFamily(b.canonical)
  );
}

/**
 * Everything a project's sessions teach, deterministic for the same sessions (give them oldest first): its
 * commands, recurring failures with what worked, how the project works (its git workflow, test layout, files that
 * matter and environment: lib/knowledge/conventions.ts), the user's preferences and the rules they stated as what
 * to use instead of what (lib/knowledge/stated-rules.ts), files that change together and hot spots, in that order,
 * after the user's corrections in prose (lib/knowledge/corrections.ts). Knowledge follows the project's latest state: a command form replaced by a newer one is
 * retired or ranked below it (lib/knowledge/evidence.ts `retireSuperseded`), deleted files are no longer files of
 * the project and moved ones are known by their new path (lib/knowledge/co-change.ts). Only this project's
 * sessions go in, so nothing of another project comes out.
 */
export function mineKnowledge(sessions: readonly KnowledgeSession[]): KnowledgeItem[] {
  const { coChange, hotSpots } = mineFiles(sessions);
  const commands = retireSuperseded(mineCommands(sessions), sameUse, (newer) => newer.example);
  const conventions = mineConventions(sessions, new Set(hotSpots.map((h) => h.file)));
  const preferences = minePreferences(sessions);
  // A rule the preferences already quote, whole or as part of a longer sentence, is not said twice.
  const said = preferences.map((p) => p.key.slice("preference:".length));
  const rules = mineStatedRules(sessions).filter(
    (r) => !said.some((text) => text.includes(r.key.slice("preference:".length))),
  );
  // The user's corrections in prose lead: what they had to correct is what the next agent most needs; one a
  // preference or a rule already quotes is not said twice.
  const quoted = [...preferences, ...rules].map((p) => normaliseProse(p.text));
  const corrections = mineCorrections(sessions).filter(
    (c) => !quoted.some((text) => text.includes(normaliseProse(c.text)) || normaliseProse(c.text).includes(text)),
  );
  return [
    ...corrections,
    ...commands,
    ...mineFailures(sessions),
    ...conventions,
    ...preferences,
    ...rules,
    ...coChange,
    ...hotSpots,
  ];
}
