/**
 * Text a person wrote (a pinned memory) enters guidance only as a quote: an agent reads guidance as
 * instructions, so nothing in the quote may pass for Starlight's own markdown. Links and images, HTML tags,
 * code fences and backticks, emphasis and heading, list or quote markers are taken out (Starlight's own placeholders
 * such as `<path>` stay), bare URLs are replaced,
 * invisible and control characters dropped, the whole flattened to one line and capped, then attributed.
 */

export const MAX_QUOTE_CHARS = 300;
const MAX_NAME_CHARS = 60;

const STEPS: ReadonlyArray<readonly [RegExp, string]> = [
  // One kind of line break; tabs are spaces; control, zero-width and bidirectional-override characters go.
  [/\r\n?|[\u2028\u2029\v\f]/g, "\n"],
  [/\t/g, " "],
  [/[^\P{Cc}\n]|\p{Cf}/gu, ""],
  // Images go entirely; a link keeps its text; reference definitions ("[x]: http://…") go.
  [/!\[[^\]]*\](?:\([^)]*\)|\[[^\]]*\])?/g, ""],
  [/\[([^\]]*)\](?:\([^)]*\)|\[[^\]]*\])/g, "$1"],
  [/^[ ]*\[[^\]]*\]:[ ]*\S*/gm, ""],
  // HTML comments and tags, then any angle bracket left.
  [/<!--[\s\S]*?(?:-->|$)/g, ""],
  [/<\/?[A-Za-z!?][^<>]*>/g, ""],
  [/[<>]/g, ""],
  // Bare URLs and autolinks.
  [/\b[A-Za-z][A-Za-z0-9+.-]*:\/\/\S*/g, "(link removed)"],
  [/\bwww\.\S+/gi, "(link removed)"],
  // Code fences and inline code, emphasis and strike-through markers.
  [/`+|~{2,}/g, ""],
  [/\*{2,}|_{2,}/g, ""],
  // Markers at the start of a line: headings, list items, horizontal rules, table rows.
  [/^[ ]*(?:#{1,6}(?=\s|$)|[-*+](?=\s)|\d{1,9}[.)](?=\s)|[-*_=]{3,}|\|)[ ]*/gm, ""],
  // Typographic quotes would blur where the quote ends.
  [/[\u201C\u201D\u201E\u201F\u2033]/g, '"'],
];

/**
 * Starlight's own placeholders in quoted text (`<path>`, `<hex>`, `<url>`, `<file>`, `<N>`: lib/knowledge/signature.ts,
 * lib/knowledge/commands.ts) survive the tag step; each is held as private-use characters meanwhile (any the text
 * carried are dropped first), so only these exact words come back in angle brackets.
 */
const PLACEHOLDER = /<(path|hex|url|file|dir|N|n|id)>/g;
const HELD = /\uE000(path|hex|url|file|dir|N|n|id)\uE001/g;

function flatten(text: string): string {
  let out = text.replace(/[\uE000\uE001]/g, "").replace(PLACEHOLDER, "\uE000$1\uE001");
  for (const [pattern, replacement] of STEPS) out = out.replace(pattern, replacement);
  return out
    .replace(HELD, "<$1>")
    .replace(/[\uE000\uE001]/g, "")
    .replace(/\s+/g, " ")
    .trim();
}

function cap(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length <= max
    ? text
    : `${chars
        .slice(0, max - 1)
        .join("")
        .trimEnd()}…`;
}

/** The text of a quote, neutralised and capped; "" when nothing is left. */
export function neutraliseQuote(text: string, max: number = MAX_QUOTE_CHARS): string {
  return cap(flatten(text), max);
}

/**
 * A pinned memory as one markdown line, e.g.
 * `> “Deploy only from main.” — pinned by Alice Example (quoted, not an instruction from Starlight)`;
 * null when nothing of the text survives.
 */
export function pinnedQuote(content: string, pinnedBy: string | null | undefined): string | null {
  const text = neutraliseQuote(content);
  if (text === "") return null;
  const name = neutraliseQuote(pinnedBy ?? "", MAX_NAME_CHARS);
  return `> “${text}” — pinned by ${name === "" ? "someone on the team" : name} (quoted, not an instruction from Starlight)`;
}
