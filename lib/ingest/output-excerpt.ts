import { docCommands } from "@/lib/knowledge/doc-commands";
import { OUTPUT_LENGTH } from "@/lib/session";

/**
 * What a tool call answered, cut to what a reader needs: its first lines (the exit code, the command that
 * failed, the first error) and its last ones (the summary: "5 passed in 0.4s", "collected 0 items", "Found 3
 * errors"), with the exception a traceback ended on or a coverage table's total row when the cut would leave it out,
 * else the first commands a doc documents (a README's setup block: lib/knowledge/doc-commands.ts) as one fenced block,
 * at most OUTPUT_LENGTH characters in all. Terminal colour codes and blank lines are dropped; "…"
 * marks what was left out. Long outputs are only read near their ends, so a megabyte of log costs no more
 * than a page.
 */

/** Characters read from each end of a long output. */
const WINDOW = 4 * OUTPUT_LENGTH;
/** Characters given to the first lines; the rest of OUTPUT_LENGTH goes to the last ones. */
const HEAD = Math.floor(OUTPUT_LENGTH / 3);
const GAP = "\n…\n";
const ANSI = /\u001b\[[0-?]*[ -/]*[@-~]/g;
/** A Python-style "SomethingError: message" line: the exception a traceback ends on, what the call failed with. */
const RAISED = /^[A-Za-z_.]*(?:Error|Exception)\b/;
/** A coverage table's total row printed at the table's top (Istanbul's `All files | …`, for jest, vitest, c8, nyc). */
const COVERAGE_TOTAL = /^All files\s*\|/;
/** Documented commands kept of a cut doc, and the characters they may take. */
const MAX_DOC_COMMANDS = 3;
const DOC_COMMANDS_LENGTH = 160;

function linesOf(text: string): string[] {
  return text
    .replace(ANSI, "")
    .split(/\r?\n/)
    .map((line) => line.trimEnd())
    .filter((line) => line.trim() !== "");
}

/** The lines of a window cut out of a longer text, without the one the cut split (unless it is the only one). */
function windowLines(text: string, split: "last" | "first"): string[] {
  const lines = linesOf(text);
  if (lines.length < 2) return lines;
  return split === "last" ? lines.slice(0, -1) : lines.slice(1);
}

export function outputExcerpt(text: string): string | null {
  const cut = text.length > 2 * WINDOW;
  const lines = cut
    ? [...windowLines(text.slice(0, WINDOW), "last"), ...windowLines(text.slice(-WINDOW), "first")]
    : linesOf(text);
  if (lines.length === 0) return null;
  const whole = lines.join("\n");
  if (!cut && whole.length <= OUTPUT_LENGTH) return whole;

  const head: string[] = [];
  let used = 0;
  for (const line of lines) {
    if (head.length > 0 && used + line.length + 1 > HEAD) break;
    const kept = line.length > HEAD ? `${line.slice(0, HEAD - 1)}…` : line;
    head.push(kept);
    used += kept.length + 1;
  }
  const budget = OUTPUT_LENGTH - used - GAP.length + 1;
  const tail = lastLines(lines, head.length, budget);
  const omitted = cut || head.length + tail.length < lines.length;
  // The exception a traceback ended on, when the cut left it out (a warning above it, the program's own output
  // below): what the call failed with, kept between the two ends. Else a coverage table's total row, printed above
  // the rows of every file: what the run measured.
  const exception = lines.findLastIndex((line) => RAISED.test(line.trim()));
  const raised = exception >= 0 ? exception : lines.findIndex((line) => COVERAGE_TOTAL.test(line.trim()));
  if (omitted && raised >= head.length && raised < lines.length - tail.length) {
    const line = lines[raised] as string;
    const kept = line.length > HEAD ? `${line.slice(0, HEAD - 1)}…` : line;
    const rest = lastLines(lines, raised + 1, budget - kept.length - GAP.length + 1);
    return `${head.join("\n")}${GAP}${kept}${rest.length > 0 ? GAP : ""}${rest.join("\n")}`;
  }
  const documented = omitted ? documentedBlock(lines, head.length, lines.length - tail.length) : null;
  if (documented !== null) {
    const rest = lastLines(lines, head.length, budget - documented.length - GAP.length + 1);
    return `${head.join("\n")}${GAP}${documented}${rest.length > 0 ? GAP : ""}${rest.join("\n")}`;
  }
  return `${head.join("\n")}${omitted ? GAP : tail.length > 0 ? "\n" : ""}${tail.join("\n")}`;
}

/** The first commands documented between `from` and `to` (the part the cut leaves out) as one fenced block, else null. */
function documentedBlock(lines: readonly string[], from: number, to: number): string | null {
  const kept: string[] = [];
  let used = 0;
  for (const { line, command } of docCommands(lines.join("\n"))) {
    if (line < from || line >= to || kept.includes(command) || used + command.length + 1 > DOC_COMMANDS_LENGTH)
      continue;
    kept.push(command);
    used += command.length + 1;
    if (kept.length === MAX_DOC_COMMANDS) break;
  }
  return kept.length === 0 ? null : `\`\`\`\n${kept.join("\n")}\n\`\`\``;
}

/** The last lines of `lines` from `from` on that fit in `budget` characters, the first of them clipped at its start. */
function lastLines(lines: readonly string[], from: number, budget: number): string[] {
  const tail: string[] = [];
  for (let i = lines.length - 1, left = budget; i >= from && left > 1; i--) {
    const line = lines[i] as string;
    if (tail.length > 0 && line.length + 1 > left) break;
    const kept = line.length > left ? `…${line.slice(line.length - left + 1)}` : line;
    tail.unshift(kept);
    left -= kept.length + 1;
  }
  return tail;
}
