import { THRESHOLDS as T, type SharedPattern, type SourceRule } from "@/lib/guidance/aggregates";
import type { CrossProjectItem, Rule } from "@/lib/guidance/contract";
import { instructionForKey } from "@/lib/guidance/rules";
import { safeSequence } from "@/lib/guidance/safe-name";
import { percent } from "@/lib/guidance/wording";
import { codeSpan } from "@/lib/knowledge/code-span";

/**
 * Cross-project items, from the projects whose lessons may reach this one (the aggregates hold only those):
 * tool sequences of at least MIN_PATTERN_STEPS steps proven in two or more of them whose every step is a known tool
 * (shown as code), then the rules
 * supported in other projects that this project does not state itself. Every word is Starlight's: a
 * sequence is rebuilt from its checked steps, a rule's instruction is written afresh from its key.
 */

/** A sequence of two steps (`Edit` > `Bash`) is what every agent does in every project: it teaches nothing. */
export const MIN_PATTERN_STEPS = 3;

function patternItems(patterns: readonly SharedPattern[]): CrossProjectItem[] {
  const items: CrossProjectItem[] = [];
  for (const p of patterns) {
    const steps = safeSequence(p.sequence);
    if (!steps || steps.length < MIN_PATTERN_STEPS || p.projects.length < 2) continue;
    const sequence = steps.join(" > ");
    items.push({
      key: `pattern:${sequence}`,
      kind: "pattern",
      text: `Proven in ${p.projects.length} projects (${p.projects.join(", ")}): the tool sequence ${steps.map((s) => codeSpan(s)).join(" > ")}, ${percent(p.avgSuccess)} average success over ${p.count} uses.`,
      projects: [...p.projects],
    });
    if (items.length === T.crossProjectMaxPatterns) break;
  }
  return items;
}

function ruleItems(sourceRules: readonly SourceRule[], own: readonly Rule[]): CrossProjectItem[] {
  const stated = new Set(own.filter((r) => r.support === "supported").map((r) => r.key));
  const byKey = new Map<string, { instruction: string; projects: Set<string> }>();
  for (const { project, key } of sourceRules) {
    if (stated.has(key)) continue;
    const instruction = instructionForKey(key);
    if (instruction === null) continue;
    const entry = byKey.get(key) ?? { instruction, projects: new Set<string>() };
    entry.projects.add(project);
    byKey.set(key, entry);
  }
  return [...byKey.entries()]
    .map(([key, { instruction, projects }]) => ({ key, instruction, projects: [...projects].sort() }))
    .sort((a, b) => b.projects.length - a.projects.length || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    .slice(0, T.crossProjectMaxRules)
    .map(({ key, instruction, projects }) => ({
      key: `rule:${key}`,
      kind: "rule" as const,
      text: `Supported in ${projects.length === 1 ? "another project" : `${projects.length} other projects`} (${projects.join(", ")}): ${instruction}`,
      projects,
    }));
}

export function distilCrossProject(patterns: readonly SharedPattern[], sourceRules: readonly SourceRule[], own: readonly Rule[]): CrossProjectItem[] {
  return [...patternItems(patterns), ...ruleItems(sourceRules, own)];
}
