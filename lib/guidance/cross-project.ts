import { THRESHOLDS as T, type SharedPattern, type SourceRule } from "@/lib/guidance/aggregates";
import type { CrossProjectItem, Rule } from "@/lib/guidance/contract";
import { instructionForKey } from "@/lib/guidance/rules";
import { safeSequence } from "@/lib/guidance/safe-name";
import { HOW_RULES_ARE_TESTED } from "@/lib/guidance/rule-status";
import { listing, percent } from "@/lib/guidance/wording";
import { codeSpan } from "@/lib/knowledge/code-span";

/**
 * Cross-project items, from the projects whose lessons may reach this one (the aggregates hold only those):
 * tool sequences of at least MIN_PATTERN_STEPS steps proven in two or more of them whose every step is a known tool
 * (shown as code), then the rules
 * of other projects that this project does not state itself and that passed the cross-project policy (ruleItems). Every word is Starlight's: a
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

/**
 * Other projects' rules, under the instance-wide policy (docs/statistics.md#cross-project-rules): an instance's many
 * projects are one family of comparisons, and a rule supported by chance in one of them would otherwise reach every
 * other. So a rule of another project enters this project's guidance only when
 * - it was tested by randomisation there and found to help (`testedHelps`), or
 * - this project's own data points the same way (its own comparison is at least provisional here) without stating
 *   it (a supported rule here is stated by this project already).
 * Either way the item names where it comes from and what is known of it; the pages link each origin's evidence. A rule
 * tested here and found to hurt never comes in, whatever another project found.
 */
function ruleItems(sourceRules: readonly SourceRule[], own: readonly Rule[]): CrossProjectItem[] {
  // A rule this project states itself, or tested here and found to hurt, does not come in from elsewhere.
  const stated = new Set(own.filter((r) => r.support === "supported" || r.test?.verdict === "hurts").map((r) => r.key));
  const seenHere = new Set(own.filter((r) => r.support === "provisional").map((r) => r.key));
  const byKey = new Map<string, { projects: Set<string>; tested: Set<string> }>();
  for (const { project, key, testedHelps } of sourceRules) {
    if (stated.has(key) || !(testedHelps === true || seenHere.has(key)) || instructionForKey(key) === null) continue;
    const entry = byKey.get(key) ?? { projects: new Set<string>(), tested: new Set<string>() };
    entry.projects.add(project);
    if (testedHelps === true) entry.tested.add(project);
    byKey.set(key, entry);
  }
  return [...byKey.entries()]
    .map(([key, { projects, tested }]) => ({ key, projects: [...projects].sort(), tested: [...tested].sort() }))
    .sort(
      (a, b) =>
        b.tested.length - a.tested.length ||
        b.projects.length - a.projects.length ||
        (a.key < b.key ? -1 : a.key > b.key ? 1 : 0),
    )
    .slice(0, T.crossProjectMaxRules)
    .map(({ key, projects, tested }) => {
      const place = projects.length === 1 ? `project ${projects[0]}` : `projects ${listing(projects)}`;
      const known =
        tested.length > 0
          ? `tested by randomisation in ${listing(tested)}: helps`
          : `observed there and, less firmly, here; not yet tested: ${HOW_RULES_ARE_TESTED}`;
      return {
        key: `rule:${key}`,
        kind: "rule" as const,
        text: `${instructionForKey(key, place)!.replace(/\.$/, "")} (${known}).`,
        projects,
      };
    });
}

export function distilCrossProject(
  patterns: readonly SharedPattern[],
  sourceRules: readonly SourceRule[],
  own: readonly Rule[],
): CrossProjectItem[] {
  return [...patternItems(patterns), ...ruleItems(sourceRules, own)];
}
