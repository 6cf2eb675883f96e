import { isKnownTool } from "@/lib/guidance/tool-name";
import { isConfigPath } from "@/lib/learn/classify";
import { sessionLesson, VERB } from "@/lib/learn/session-lesson";
import type { MemoryCategory, MemoryDraft, SourceFormat, ToolPattern, Session, SessionFeatures } from "@/lib/session";

/**
 * Memory entries: plain sentences that a person and an LLM can both use, tags as lowercase single tokens
 * (stored space-separated), and a confidence in [0, 1]. A session with ordered operations (Claude Code) is
 * written as a lesson (./session-lesson.ts); one without (ACOS) as the tally its source allows. Confidence:
 * - session: the score for positive categories, 1 − score for an error (how clearly it failed);
 * - pattern: the same on avgSuccess, scaled by count / (count + 2) so rarely used sequences count less.
 */

const SHOWN_FILES = 3;
const SHOWN_TOOLS = 3;
const MAX_TEXT = 200;

/** Clamped to [0, 1] and rounded to 3 decimals. */
const confidence = (x: number) => Math.round(Math.min(1, Math.max(0, x)) * 1000) / 1000;
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/** One line, at most MAX_TEXT characters, ending as a sentence. */
function sentence(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  const short = flat.length <= MAX_TEXT ? flat : `${flat.slice(0, MAX_TEXT - 1)}…`;
  return /[.!?…]$/.test(short) ? short : `${short}.`;
}

function tag(token: string): string {
  return token
    .toLowerCase()
    .replace(/[^a-z0-9_.-]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

function tags(tokens: readonly string[]): string[] {
  return [...new Set(tokens.map(tag).filter((t) => t !== ""))];
}

/** The most used tools, of the agent's real tools only: an ACOS record names its tools as its writer chose. */
function topTools(breakdown: Record<string, number>): [string, number][] {
  return Object.entries(breakdown)
    .filter(([name, n]) => n > 0 && isKnownTool(name))
    .sort(([a, x], [b, y]) => y - x || a.localeCompare(b))
    .slice(0, SHOWN_TOOLS);
}

function listFiles(files: readonly string[]): string {
  const shown = files.slice(0, SHOWN_FILES).join(", ");
  const more = files.length - SHOWN_FILES;
  return more > 0 ? `${shown} and ${more} more` : shown;
}

function notes(f: SessionFeatures, t: Session, category: MemoryCategory): string[] {
  const out: string[] = [];
  if (f.verifiedAfterEdit === true)
    out.push(`verified after the last edit (${f.verificationPassed ? "passed" : "failed"})`);
  if (f.verifiedAfterEdit === false) out.push("not verified after the last edit");
  if (f.blindEdits) out.push(`${plural(f.blindEdits, "file")} edited without reading first`);
  if (f.delegated) out.push("delegated to sub-agents");
  if (f.toolErrors) out.push(plural(f.toolErrors, "tool error"));
  if (category === "decision") {
    const config = t.filesModified.filter(isConfigPath);
    if (config.length > 0) out.push(`changed configuration (${listFiles(config)})`);
  }
  return out;
}

/** The tally of a session whose source keeps no operation order (ACOS): tools, files and the known features. */
function tallyMemory(t: Session, f: SessionFeatures, category: MemoryCategory): string {
  const tools = topTools(t.toolBreakdown);
  const toolText = tools.length > 0 ? ` (${tools.map(([name, n]) => `${name} ${n}`).join(", ")})` : "";
  const files =
    t.filesModified.length > 0
      ? `across ${plural(t.filesModified.length, "file")} (${listFiles(t.filesModified)})`
      : "with no file changes";
  const extra = notes(f, t, category);
  const sentences = [
    `${f.domain} session ${VERB[category]} (${t.success.score.toFixed(2)}): ${plural(f.operationCount, "operation")}${toolText} ${files}${extra.length > 0 ? `; ${extra.join("; ")}` : ""}.`,
  ];
  if (t.task) sentences.push(`Task: ${sentence(t.task)}`);
  if (t.critique) sentences.push(`Critique: ${sentence(t.critique)}`);
  return sentences.join(" ");
}

export function sessionMemory(slug: string, t: Session, f: SessionFeatures, category: MemoryCategory): MemoryDraft {
  const score = t.success.score;
  const tools = topTools(t.toolBreakdown);
  const ops = t.operations ?? [];
  const lesson = ops.length > 0 ? sessionLesson(t, f, category, ops) : null;
  return {
    category,
    content: lesson?.content ?? tallyMemory(t, f, category),
    tags: tags([
      f.domain,
      t.format,
      category,
      ...tools.map(([name]) => name),
      ...(f.delegated ? ["delegated"] : []),
      ...(lesson?.tags ?? []),
    ]),
    confidence: confidence(category === "error" ? 1 - score : score),
    source: `project:${slug}:${t.format}:session:${t.externalId}`,
  };
}

/** The uses a tool sequence needs before its memory says it works ("proven") or fails ("tend to fail"). */
const PATTERN_VERDICT_USES = 3;

/**
 * A tool sequence's memory, labelled by the source its uses came from: ACOS's own pattern records (`acos`), or the
 * sessions of a transcript format whose tool sequences Starlight counted (lib/learn/tool-sequence.ts).
 */
export function patternMemory(
  slug: string,
  p: ToolPattern,
  category: MemoryCategory,
  format: SourceFormat = "acos",
): MemoryDraft {
  const steps = p.sequence
    .split(">")
    .map((s) => s.trim())
    .filter((s) => s !== "")
    .map((s) => (isKnownTool(s) ? s : "another tool"));
  const where = p.type ? ` in ${p.type} work` : "";
  const percent = Math.round(p.avgSuccess * 100);
  const verdict =
    category !== "pattern" && category !== "error"
      ? ""
      : p.count < PATTERN_VERDICT_USES
        ? ` Too few uses to tell whether it ${category === "pattern" ? "helps" : "hurts"}.`
        : category === "pattern"
          ? " A proven sequence worth repeating."
          : " Sessions using it tend to fail.";
  const base = category === "error" ? 1 - p.avgSuccess : p.avgSuccess;
  return {
    category,
    content: `Tool sequence ${steps.join(" > ")} used ${plural(p.count, "time")}${where} with ${percent}% average success.${verdict}`,
    tags: tags([...(p.type ? [p.type] : []), format, category, "tool-sequence", ...steps]),
    confidence: confidence(base * (p.count / (p.count + 2))),
    source: `project:${slug}:${format}:pattern:${p.sequence}`,
  };
}
