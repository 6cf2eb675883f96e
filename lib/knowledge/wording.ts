import { neutraliseQuote } from "@/lib/guidance/quote";
import { codeSpan } from "./code-span";
import { conventionText } from "./convention-wording";
import { holdsUnsafeCommand, isSuggestible } from "./command-safety";
import type {
  CommandPurpose,
  Corrected,
  FailureFix,
  KnowledgeEvidence,
  KnowledgeItem,
  KnowledgeKind,
  Misuse,
} from "./contract";

/**
 * Starlight's wording of knowledge items, the same on the Knowledge page, in the memory vault and in guidance.
 * What uploads carried appears only as code spans (lib/knowledge/code-span.ts); what the user said only as a
 * neutralised quote attributed to them.
 */

export const KIND_TITLES: Record<KnowledgeKind, string> = {
  command: "Commands",
  failure: "Recurring failures and what worked",
  preference: "What the user asked for",
  "co-change": "Files that change together",
  "hot-spot": "Hot spots",
  convention: "How the project works",
};

const PURPOSE_LABELS: Record<CommandPurpose, string> = {
  test: "Tests",
  lint: "Lint",
  typecheck: "Type-check",
  format: "Format",
  build: "Build",
  deploy: "Deploy",
  ci: "CI (local)",
  install: "Install",
  run: "Run",
  vcs: "Version control",
};

const MISUSE_REMEDIES: Record<Misuse, string> = {
  "edit-not-found":
    "the Edit's text was not in the file: read the file again and copy the exact text, whitespace included, before retrying",
  "edit-not-unique":
    "the Edit's text matched more than once: include more surrounding lines so it is unique, or replace every match on purpose",
  "not-read": "the file was written before it was read: read a file before editing or writing it",
  "modified-since-read": "the file changed after it was read: read it again before editing",
  "cd-relative":
    "a `cd` earlier in the session moved the shell, and later relative paths failed: use absolute paths, or `cd` within the same command",
};

const times = (n: number) => (n === 1 ? "once" : `${n} times`);
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;
export const day = (at: number | null) => (at === null ? null : new Date(at).toISOString().slice(0, 10));

/** "3 sessions, last confirmed 2025-11-30" */
function evidenceText(e: KnowledgeEvidence): string {
  const last = day(e.lastSeen);
  return `${plural(e.sessions, "session")}${last ? `, last confirmed ${last}` : ""}`;
}

/** " Older: replaced by `vitest run` since 2025-12-01." for an item a newer one replaced; "" otherwise. */
function olderText(item: KnowledgeItem): string {
  if (!item.olderThan) return "";
  const by = codeSpan(item.olderThan.by);
  return by === "" ? "" : ` Older: replaced by ${by} since ${day(item.olderThan.since)}.`;
}

/** The names of several files as code spans: "`a`, `b` and `c`". */
function fileList(files: readonly string[]): string {
  const spans = files.map((f) => codeSpan(f)).filter((s) => s !== "");
  return spans.length <= 1 ? (spans[0] ?? "") : `${spans.slice(0, -1).join(", ")} and ${spans.at(-1)}`;
}

/**
/**
 * A failure's fix in Starlight's words: "editing `vercel.json`, then `vercel deploy` passed" (once of 2 failures);
 * null when a command it would name may not be suggested.
 */
function fixText(fix: FailureFix): string | null {
  if (![fix.passed, ...fix.ran].every((c) => isSuggestible(c))) return null;
  const passed = codeSpan(fix.passed);
  if (passed === "") return null;
  const steps = [
    fix.files.length > 0 ? `editing ${fileList(fix.files.slice(0, 3))}` : "",
    fix.ran.length > 0 ? `running ${fileList(fix.ran.slice(0, 2))}` : "",
  ].filter((s) => s !== "");
  const then = steps.length > 0 ? `${steps.join(" and ")}, then ${passed} passed` : `${passed} passed instead`;
  return `${then}${fix.times > 1 ? ` (${times(fix.times)})` : ""}`;
}

/**
 * The quote of what the user said, or null when nothing of it survives neutralising; `refused`: the call they refused
 * when saying it (named only when it may be named to an agent at all).
 */
function userQuote(text: string, e: KnowledgeEvidence, refused?: string, corrected?: Corrected): string | null {
  const quoted = neutraliseQuote(text);
  if (quoted === "") return null;
  const call = refused !== undefined && isSuggestible(refused) ? codeSpan(refused) : "";
  const when = corrected !== undefined ? `, ${CORRECTED[corrected]},` : call === "" ? "" : ` when refusing ${call},`;
  return `> “${quoted}” — said by the user${when} in ${evidenceText(e)} (quoted, not an instruction from Starlight)`;
}

/** When the user said a correction in prose (lib/knowledge/corrections.ts). */
const CORRECTED: Record<Corrected, string> = {
  plan: "correcting the agent after refusing its plan",
  call: "correcting the agent after refusing a tool call",
  interruption: "correcting the agent after interrupting it",
  result: "reacting to the agent's result",
};

/**
 * One line for an item (markdown, without a list marker); null when nothing of what it quotes survives, or when a
 * command it would name may never be suggested (lib/knowledge/command-safety.ts: the last line of defence, after
 * mining). Every line ends with its evidence.
 */
export function itemLine(item: KnowledgeItem): string | null {
  const line = bareLine(item);
  return line === null ? null : `${line}${olderText(item)}`;
}

function bareLine(item: KnowledgeItem): string | null {
  const e = item.evidence;
  switch (item.kind) {
    case "command": {
      const example = isSuggestible(item.example) ? codeSpan(item.example) : "";
      if (example === "") return null;
      const runs = `${times(item.passed + item.failed)}, passed ${item.passed}`;
      const failed = item.failedVariants
        .filter((v) => isSuggestible(v.command))
        .map((v) => {
          const span = codeSpan(v.command);
          const why = v.signature ? codeSpan(v.signature) : "";
          return span === "" ? "" : why === "" ? span : `${span} (${why})`;
        })
        .filter((s) => s !== "");
      const instead = failed.length > 0 ? ` Failed instead: ${failed.join("; ")}.` : "";
      const variants = (item.variants ?? [])
        .filter((v) => isSuggestible(v))
        .map((v) => codeSpan(v))
        .filter((s) => s !== "");
      const also = variants.length > 0 ? ` Also: ${variants.join(", ")}.` : "";
      return `${PURPOSE_LABELS[item.purpose]}: ${example} — ran ${runs}, in ${evidenceText(e)}.${also}${instead}`;
    }
    case "failure": {
      const signature = codeSpan(item.signature);
      if (item.fix !== null && "misuse" in item.fix) {
        return `When ${item.tool === "Bash" ? "a shell command" : `an ${item.tool}`} fails${signature ? ` with ${signature}` : ""}: ${MISUSE_REMEDIES[item.fix.misuse]} — ${times(e.occurrences)}, in ${evidenceText(e)}.`;
      }
      const command = isSuggestible(item.command ?? "") ? codeSpan(item.command ?? "") : "";
      if (command === "" || signature === "") return null;
      const seen = `${times(e.occurrences)}, in ${evidenceText(e)}`;
      if (item.fix === null) return `${command} failed with ${signature} — no fix recorded; ${seen}.`;
      const change = fixText(item.fix.change);
      if (change === null) return null;
      const check = item.rule ? codeSpan(item.rule.check) : "";
      // A rule's finding was in the code: the check is named, not the exact command, which was right.
      if (check !== "")
        return `When ${check} reports ${signature} (a finding in the code; the command was right), what fixed it: ${change} — reported ${seen}.`;
      return `When ${command} fails with ${signature}, what fixed it: ${change} — failed ${seen}.`;
    }
    case "preference":
      return holdsUnsafeCommand(item.text) ? null : userQuote(item.text, e, item.refused, item.corrected);
    case "co-change": {
      const file = codeSpan(item.file);
      const partners = fileList(item.partners);
      if (file === "" || partners === "") return null;
      return `When you change ${file}, ${partners} usually change too — together in ${evidenceText(e)}.`;
    }
    case "hot-spot": {
      const file = codeSpan(item.file);
      return file === "" ? null : `${file} is a hot spot: modified in ${evidenceText(e)}.`;
    }
    case "convention": {
      const text = conventionText(item);
      return text === null ? null : `${text} — in ${evidenceText(e)}.`;
    }
  }
}
