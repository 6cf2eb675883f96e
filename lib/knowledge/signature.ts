/**
 * The line of a failed call's output that names the error, and that line reduced to a stable signature, so the
 * same failure in two sessions reads the same: without paths, quoted content, URLs, hex, numbers or the shell's own
 * prefix, short. Error text comes from uploads and is shown to agents, so a signature can never read as a sentence
 * addressed to one: a line with a word that addresses a reader or gives an order ("you", "assistant", "ignore",
 * "run", "must", …) keeps only its error-looking tokens (error classes, codes, placeholders, `file:line`).
 */

export const MAX_SIGNATURE_CHARS = 80;
export const MAX_SIGNATURE_WORDS = 12;

const ERROR_LINE =
  /error|not found|no such|denied|failed|fatal|cannot|can't|invalid|unknown|unrecognized|refused|timed out|no tests ran|collected 0 items|exception|panicked/i;
/** A Python-style "SomethingError: message" line: the last one is the error that mattered. */
const RAISED = /^[A-Za-z_.]*(?:Error|Exception)\b/;
/** Lines that frame an output rather than say what went wrong: exit codes, banners, and Codex's header of a shell call. */
const NOISE =
  /^(?:exit code:? -?\d+|process exited with code -?\d+|(?:chunk id|wall time|original token count):.*|output:|traceback \(most recent call last\):?|-+|…)?$/i;

const STEPS: ReadonlyArray<readonly [RegExp, string]> = [
  [/[^\P{Cc}\n]|\p{Cf}/gu, ""],
  [/^(?:\/\S*\/)?(?:ba|z|da)?sh: (?:line \d+: )?/, ""],
  [/"[^"\n]*"|'[^'\n]*'|“[^”\n]*”|`[^`\n]*`/g, "'…'"],
  [/\b[A-Za-z][A-Za-z0-9+.-]*:\/\/\S+/g, "<url>"],
  [/(?:[A-Za-z]:)?(?:~|\.{1,2})?(?:[\\/][\w.@+-]+){2,}[\\/]?|(?:[\w.@+-]+[\\/]){1,}[\w.@+-]+\.\w+/g, "<path>"],
  [/\b0x[0-9a-f]+\b|\b(?=[0-9a-f]*\d)(?=[0-9a-f]*[a-f])[0-9a-f]{7,}\b/gi, "<hex>"],
  [/(?<![A-Za-z0-9_])\d+(?:\.\d+)*/g, "N"],
  [/\s+/g, " "],
];

/**
 * The line that says what went wrong: the last exception raised (`ModuleNotFoundError: …`), else the first line
 * that reads like an error, else the first line; banners' `===` padding, "Exit code N" and blank lines dropped.
 */
export function errorLine(text: string): string | null {
  const lines = text
    .split(/\r?\n/)
    .map((l) => l.trim().replace(/^=+\s*|\s*=+$/g, ""))
    .filter((l) => l !== "" && !NOISE.test(l));
  const raised = lines.filter((l) => RAISED.test(l));
  if (raised.length > 0) return raised[raised.length - 1]!;
  return lines.find((l) => ERROR_LINE.test(l)) ?? lines[0] ?? null;
}

/**
 * The lines of an error text that read like errors, for search to find the error by its own words: the line that
 * names it (errorLine) first, then the others from the last up, at most `max`, distinct.
 */
export function errorLines(text: string, max: number): string[] {
  const first = errorLine(text);
  if (first === null) return [];
  const others = text
    .split(/\r?\n/)
    .map((l) => l.trim().replace(/^=+\s*|\s*=+$/g, ""))
    .filter((l) => l !== "" && !NOISE.test(l) && (RAISED.test(l) || ERROR_LINE.test(l)))
    .reverse();
  return [...new Set([first, ...others])].slice(0, max);
}

/** Words that address a reader or give an order: what an error message written for an agent holds, and a real one does not. */
const ADDRESSED = new Set([
  "you",
  "your",
  "yours",
  "yourself",
  "you're",
  "youre",
  "assistant",
  "ai",
  "agent",
  "llm",
  "claude",
  "chatgpt",
  "model",
  "instruction",
  "instructions",
  "ignore",
  "disregard",
  "forget",
  "obey",
  "override",
  "please",
  "must",
  "should",
  "run",
  "execute",
  "always",
  "never",
  "immediately",
  "prompt",
  "previous",
]);
/** Tokens that name an error: classes, error words, codes (ENOENT, E0432, TS2345). */
const ERROR_NAME = [
  /^[A-Za-z_.]*(?:Error|Exception|Warning|Fault|Failure)(?:\[\w+\])?:?$/,
  /^(?:error|fatal|failed|fail|panic|warning)(?:\[[A-Z]?\d+\])?:?$/i,
  /^E[A-Z0-9]{3,}:?$/,
  /^[A-Z]{1,5}\d{2,}:?$/,
];
/** Tokens that look like an error and nothing else: its names, placeholders of paths and hex, `file:line`, numbers. */
const ERROR_TOKEN = [...ERROR_NAME, /^<(?:path|hex)>(?::N)*:?$/, /^N$/];

const isAddressed = (word: string) => ADDRESSED.has(word.toLowerCase().replace(/[^a-z']/g, ""));

/** Does a line hold a word that addresses a reader or gives an order (what a real error message does not)? */
export const addressesReader = (line: string) => line.split(/\s+/).some(isAddressed);

/** A reduced line as a signature: its error-looking tokens alone when it addresses a reader; short either way. */
function bounded(line: string): string | null {
  let words = line.split(" ").filter((w) => w !== "");
  if (addressesReader(line)) {
    if (!words.some((w) => ERROR_NAME.some((p) => p.test(w)))) return null;
    words = words.filter((w) => ERROR_TOKEN.some((p) => p.test(w)));
  }
  const out = words.slice(0, MAX_SIGNATURE_WORDS).join(" ");
  if (out === "") return null;
  const chars = Array.from(out);
  return chars.length <= MAX_SIGNATURE_CHARS
    ? out
    : `${chars
        .slice(0, MAX_SIGNATURE_CHARS - 1)
        .join("")
        .trimEnd()}…`;
}

/** The signature of an error text; null when there is no text, or a text addressed to a reader names no error. */
export function errorSignature(output: string | null): string | null {
  if (output === null) return null;
  const line = errorLine(output);
  if (line === null) return null;
  let out = line;
  for (const [pattern, replacement] of STEPS) out = out.replace(pattern, replacement);
  return bounded(out.trim());
}
