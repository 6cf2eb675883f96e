import { fits, keepWithinBudget, type BudgetItem } from "./budget";
import { BEGIN_MARKER, END_MARKER } from "./claude-md";
import type {
  Checklist,
  CrossProjectItem,
  GuidanceBudget,
  GuidanceContent,
  GuidanceFormat,
  Lesson,
  PinnedMemory,
  Rule,
  Strength,
} from "./contract";
import type { KnowledgeItem } from "@/lib/knowledge/contract";
import { noteLine, type AgentNote } from "@/lib/knowledge/agent-notes";
import { pinnedQuote } from "./quote";
import { keepsItsPlace, knowledgeNote } from "./rule-status";
import { namesUnknownTool } from "./tool-name";
import { holdsUnsafeCommand } from "@/lib/knowledge/command-safety";
import { guidanceWorthy } from "@/lib/knowledge/failures";
import { itemLine } from "@/lib/knowledge/wording";

/**
 * Rendering is pure and deterministic: the output is derived from the content alone (no clock, no randomness),
 * so the same content gives byte-identical text. Lines end with "\n".
 */
export interface RenderOptions {
  /** Include provisional rules (the plain interval excludes zero, the corrected one does not), marked as such. Default false. */
  includeProvisional?: boolean;
  /** Rule keys left out of this session's guidance by the experiment's factorial draw (lib/experiment/arm.ts). */
  leaveOut?: readonly string[];
}

export type SectionId =
  | "knowledge"
  | "agentNotes"
  | "pinned"
  | "rules"
  | "lessons"
  | "checklists"
  | "crossProject"
  | "strengths";

/** An item of the content with the section it belongs to. */
export type GuidanceItemData =
  | { section: "knowledge"; item: KnowledgeItem }
  | { section: "agentNotes"; item: AgentNote }
  | { section: "pinned"; item: PinnedMemory }
  | { section: "rules"; item: Rule }
  | { section: "lessons"; item: Lesson }
  | { section: "checklists"; item: Checklist }
  | { section: "crossProject"; item: CrossProjectItem }
  | { section: "strengths"; item: Strength };

interface Item extends BudgetItem {
  section: SectionId;
  data: GuidanceItemData;
  lines: string[];
}

const SECTION_TITLES: Record<SectionId, string> = {
  knowledge: "What this project teaches",
  agentNotes: "What agents noted for themselves",
  pinned: "Pinned by your team",
  rules: "Rules",
  lessons: "Lessons from failed sessions",
  checklists: "Checklists",
  crossProject: "From other projects",
  strengths: "Strengths to keep",
};
const SECTION_ORDER: SectionId[] = [
  "knowledge",
  "agentNotes",
  "pinned",
  "rules",
  "lessons",
  "checklists",
  "crossProject",
  "strengths",
];

const pct = (rate: number) => `${Math.round(rate * 100)}%`;
/** One line of text: newlines inside distilled text would break the list structure. */
const oneLine = (text: string) => text.replace(/\s*\r?\n\s*/g, " ").trim();

/**
 * Every renderable item with its weakness rank: provisional rules first, then by smallest evidence (sessions
 * behind the item), then by lowest strength (how far the rule's interval stays from zero; for a lesson its size;
 * for a checklist how far the domain is below 70%; for a strength its mean), then by key. Project knowledge ranks
 * above rules (it is what the project's own sessions did, with its evidence), fewest sessions and occurrences
 * dropped first; pinned memories rank above everything, so they are the last to go; each is a neutralised quote
 * of the person who pinned it.
 *
 * The last line of defence (docs/guidance-safety.md), for content distilled before a rule of it existed: no knowledge
 * line names a command that may not be suggested (itemLine), no pinned quote names one, and no rule or checklist
 * item names a tool that is not one of the agent's real tools.
 */
function items(content: GuidanceContent, options: RenderOptions, h: string): Item[] {
  const out: Item[] = [];
  const refused = content.rules.filter((rule) => namesUnknownTool(rule.key));
  const refusedText = new Set(refused.map((rule) => rule.instruction));
  for (const item of content.knowledge ?? []) {
    if (!guidanceWorthy(item)) continue;
    const line = itemLine(item);
    if (line === null) continue;
    out.push({
      id: `knowledge:${item.key}`,
      section: "knowledge",
      data: { section: "knowledge", item },
      rank: [1.5, item.evidence.sessions, item.evidence.occurrences, item.key],
      // A quote among list items needs blank lines around it, or markdown reads it as part of the item above.
      lines: line.startsWith("> ") ? ["", line, ""] : [`- ${line}`],
    });
  }
  // An agent's own note, quoted with its provenance: confirmed ones rank beside knowledge, unconfirmed ones below rules.
  for (const note of content.agentNotes ?? []) {
    const line = noteLine(note);
    if (line === null) continue;
    const rank = note.status === "confirmed" ? 1.2 : 0.5;
    out.push({
      id: `agentNote:${note.key}`,
      section: "agentNotes",
      data: { section: "agentNotes", item: note },
      rank: [rank, note.support, note.lastConfirmed ?? 0, note.key],
      lines: ["", line, ""],
    });
  }
  for (const memory of content.pinned) {
    if (holdsUnsafeCommand(memory.content)) continue;
    const quote = pinnedQuote(memory.content, memory.pinnedBy);
    if (quote)
      out.push({
        id: `pinned:${memory.id}`,
        section: "pinned",
        data: { section: "pinned", item: memory },
        rank: [2, 0, 0, String(memory.id).padStart(12, "0")],
        lines: [quote, ""],
      });
  }
  for (const rule of content.rules) {
    if (
      (rule.support === "provisional" && !options.includeProvisional) ||
      refused.includes(rule) ||
      !keepsItsPlace(rule) ||
      options.leaveOut?.includes(rule.key)
    )
      continue;
    const e = rule.evidence;
    const margin = rule.support === "supported" ? Math.min(Math.abs(e.low), Math.abs(e.high)) : 0;
    const marker =
      rule.support === "provisional"
        ? "; provisional: not yet significant once corrected for the number of rules tested"
        : "";
    out.push({
      id: `rule:${rule.key}`,
      section: "rules",
      data: { section: "rules", item: rule },
      rank: [rule.support === "provisional" ? 0 : 1, e.with.n + e.without.n, margin, rule.key],
      lines: [
        `- ${oneLine(rule.instruction)} _(${knowledgeNote(rule.test)}${marker})_`,
        `  Evidence: ${oneLine(rule.evidenceLine)}`,
      ],
    });
  }
  for (const lesson of content.lessons) {
    out.push({
      id: `lesson:${lesson.key}`,
      section: "lessons",
      data: { section: "lessons", item: lesson },
      rank: [1, lesson.failed + lesson.succeeded, 0, lesson.key],
      lines: [`- ${oneLine(lesson.text)}`],
    });
  }
  for (const list of content.checklists) {
    out.push({
      id: `checklist:${list.domain}`,
      section: "checklists",
      data: { section: "checklists", item: list },
      rank: [1, list.n, 0.7 - list.mean, list.domain],
      lines: [
        `${h}### ${oneLine(list.domain)} (averages ${pct(list.mean)} over ${list.n} sessions)`,
        ...list.items
          .filter((i) => !refusedText.has(i))
          .map(
            (i, k) =>
              `- [ ] ${oneLine(i)}${k < (list.standing ?? 0) ? " _(Starlight's standing item for this kind of work)_" : ""}`,
          ),
        "",
      ],
    });
  }
  for (const item of content.crossProject) {
    out.push({
      id: `cross:${item.key}`,
      section: "crossProject",
      data: { section: "crossProject", item },
      rank: [1, item.projects.length, 0, item.key],
      lines: [`- ${oneLine(item.text)} _(${item.kind}; ${item.projects.map(oneLine).join(", ")})_`],
    });
  }
  for (const strength of content.strengths) {
    out.push({
      id: `strength:${strength.domain}`,
      section: "strengths",
      data: { section: "strengths", item: strength },
      rank: [1, strength.n, strength.mean, strength.domain],
      lines: [`- ${oneLine(strength.text)}`],
    });
  }
  return out;
}

/**
 * The guidance as markdown with headings starting at `#` + `h` (h = "" for a standalone file, "#" for a section
 * inside someone else's file), keeping only the items in `kept`.
 */
function markdownBody(content: GuidanceContent, all: Item[], kept: ReadonlySet<string>, h: string): string {
  const lines: string[] = [`${h}# Starlight guidance: ${oneLine(content.project)}`, ""];
  const rulesKept = all.some((i) => i.section === "rules" && kept.has(i.id));
  const method = rulesKept
    ? " Each rule is an association observed in this project's sessions (with and without the behaviour: success rates, raw and adjusted difference, 95% interval), not a proven effect, until the project's experiment tests it by randomisation; each rule's note says whether it has been, and what the test found."
    : "";
  lines.push(
    `Built from ${content.sessions} ${content.sessions === 1 ? "session" : "sessions"} of this project.${method}`,
    "",
  );
  for (const section of SECTION_ORDER) {
    const members = all.filter((i) => i.section === section && kept.has(i.id));
    if (members.length === 0) continue;
    lines.push(`${h}## ${SECTION_TITLES[section]}`, "");
    for (const line of members.flatMap((item) => item.lines))
      if (line !== "" || lines[lines.length - 1] !== "") lines.push(line);
    if (lines[lines.length - 1] !== "") lines.push("");
  }
  if (!all.some((i) => i.section === "rules" || i.section === "knowledge")) {
    lines.push("No rule is supported by the data yet.", "");
  }
  const dropped = all.length - kept.size;
  if (dropped > 0)
    lines.push(`_${dropped} weaker ${dropped === 1 ? "item was" : "items were"} left out to fit the size budget._`, "");
  while (lines.length > 0 && lines[lines.length - 1] === "") lines.pop();
  return lines.join("\n") + "\n";
}

function frontMatter(entries: [string, string][]): string {
  return ["---", ...entries.map(([k, v]) => (v === "" ? `${k}:` : `${k}: ${v}`)), "---", ""].join("\n");
}

/** A YAML double-quoted scalar (JSON strings are valid YAML double-quoted scalars). */
const yamlString = (text: string) => JSON.stringify(oneLine(text));

/**
 * The first line of `.claude/rules/starlight.md`: the file is Starlight's, whole. No `paths` front matter, so
 * Claude Code loads it at the start of every session, like the project's CLAUDE.md (docs/guidance-files.md).
 */
export const CLAUDE_RULES_HEADER =
  "<!-- Generated by Starlight from this project's sessions. `starlight guidance --write --target claude-rules` rewrites this whole file: keep your own rules in another file. -->";

function wrap(format: GuidanceFormat, content: GuidanceContent, markdown: string): string {
  switch (format) {
    case "markdown":
      return markdown;
    case "claude-md":
    case "agents-md":
      return `${BEGIN_MARKER}\n<!-- Generated by Starlight; this block is replaced on the next export, edit outside it. -->\n${markdown}${END_MARKER}\n`;
    case "claude-rules":
      return `${CLAUDE_RULES_HEADER}\n${markdown}`;
    case "cursor":
      return `${frontMatter([
        [
          "description",
          yamlString(`Starlight guidance for ${content.project}: rules distilled from past agent sessions`),
        ],
        ["globs", ""],
        ["alwaysApply", "true"],
      ])}\n${markdown}`;
    case "windsurf":
      return `${frontMatter([
        ["trigger", "always_on"],
        [
          "description",
          yamlString(`Starlight guidance for ${content.project}: rules distilled from past agent sessions`),
        ],
      ])}\n${markdown}`;
    case "hook-json":
      return JSON.stringify({ hookSpecificOutput: { hookEventName: "SessionStart", additionalContext: markdown } });
  }
}

/** Heading depth per format: sections inside a user's file start at `##`. */
const nested = (format: GuidanceFormat) => (format === "claude-md" || format === "agents-md" ? "#" : "");

/**
 * The guidance in one format within the budget: the weakest items are dropped whole until the output fits (for
 * hook-json both the whole JSON and its additionalContext fit). If even the title does not fit, the output is
 * the title alone (the API refuses budgets that small). With nothing learned at all, hook-json is `{}`: valid hook
 * output that adds no context, rather than a sentence saying there is nothing, injected into every session.
 */
export function renderGuidance(
  content: GuidanceContent,
  format: GuidanceFormat,
  budget: GuidanceBudget,
  options: RenderOptions = {},
): string {
  const h = nested(format);
  const all = items(content, options, h);
  if (format === "hook-json" && all.length === 0) return "{}";
  const render = (kept: ReadonlySet<string>) => {
    const markdown = markdownBody(content, all, kept, h);
    return { markdown, output: wrap(format, content, markdown) };
  };
  const kept = keepWithinBudget(all, (k) => {
    const { markdown, output } = render(k);
    return fits(output, budget) && fits(markdown, budget);
  });
  return render(kept).output;
}

/** Every item of the content as the canonical markdown writes it (provisional rules included), with its id: `knowledge:<key>`, `rule:<key>`, … */
export function guidanceItems(content: GuidanceContent): { id: string; data: GuidanceItemData; lines: string[] }[] {
  return items(content, { includeProvisional: true }, "").map(({ id, data, lines }) => ({ id, data, lines }));
}

/** The canonical markdown a version is hashed over: every item, provisional rules included, no budget. */
export function canonicalMarkdown(content: GuidanceContent): string {
  const all = items(content, { includeProvisional: true }, "");
  return markdownBody(content, all, new Set(all.map((i) => i.id)), "");
}

/** The file name a download of this format gets. */
export function downloadName(format: GuidanceFormat, slug: string): string {
  switch (format) {
    case "markdown":
      return `${slug}-guidance.md`;
    case "claude-md":
      return "starlight-CLAUDE.md";
    case "cursor":
      return "starlight.mdc";
    case "windsurf":
      return "starlight.md";
    case "agents-md":
      return "AGENTS.md";
    case "claude-rules":
      return "starlight.md";
    case "hook-json":
      return "starlight-hook.json";
  }
}
