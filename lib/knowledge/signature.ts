/**
 * The line of a failed call's output that names the error, and that line reduced to a stable signature, so the
 * same failure in two sessions reads the same: without paths, quoted content, hex, numbers or the shell's own
 * prefix, capped.
 */

export const MAX_SIGNATURE_CHARS = 100;

const ERROR_LINE = /error|not found|no such|denied|failed|fatal|cannot|can't|invalid|unknown|unrecognized|refused|timed out|no tests ran|collected 0 items|exception/i;
/** A Python-style "SomethingError: message" line: the last one is the error that mattered. */
const RAISED = /^[A-Za-z_.]*(?:Error|Exception)\b/;
/** Lines that frame an output rather than say what went wrong: exit codes, banners, and Codex's header of a shell call. */
const NOISE = /^(?:exit code:? -?\d+|process exited with code -?\d+|(?:chunk id|wall time|original token count):.*|output:|traceback \(most recent call last\):?|-+|…)?$/i;

const STEPS: ReadonlyArray<readonly [RegExp, string]> = [
  [/[^\P{Cc}\n]|\p{Cf}/gu, ""],
  [/^(?:\/\S*\/)?(?:ba|z|da)?sh: (?:line \d+: )?/, ""],
  [/"[^"\n]*"|'[^'\n]*'|“[^”\n]*”|`[^`\n]*`/g, "'…'"],
  [/\b[A-Za-z][A-Za-z0-9+.-]*:\/\/\S+/g, "<url>"],
  [/(?:[A-Za-z]:)?(?:~|\.{1,2})?(?:[\\/][\w.@+-]+){2,}[\\/]?|(?:[\w.@+-]+[\\/]){1,}[\w.@+-]+\.\w+/g, "<path>"],
  [/\b0x[0-9a-f]+\b|\b(?=[0-9a-f]*\d)(?=[0-9a-f]*[a-f])[0-9a-f]{7,}\b/gi, "<hex>"],
  [/\d+(?:\.\d+)*/g, "N"],
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

/** The signature of an error text; null when there is no text. */
export function errorSignature(output: string | null): string | null {
  if (output === null) return null;
  const line = errorLine(output);
  if (line === null) return null;
  let out = line;
  for (const [pattern, replacement] of STEPS) out = out.replace(pattern, replacement);
  out = out.trim();
  if (out === "") return null;
  const chars = Array.from(out);
  return chars.length <= MAX_SIGNATURE_CHARS ? out : `${chars.slice(0, MAX_SIGNATURE_CHARS - 1).join("").trimEnd()}…`;
}
