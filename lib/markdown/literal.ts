/**
 * Untrusted text (a name from a request, a signal a client reported) set into markdown that is published as it is,
 * so that it reads as the same characters and nothing more: no HTML, link, image, emphasis, heading, list item,
 * table cell or code span of its own. It is flattened to one line first (a line break could start a heading or a
 * table row), then either escaped (with a backslash, which CommonMark allows before any ASCII punctuation: every
 * character that opens markup inside a line, `|` of a GFM table cell included, and a block marker it starts with)
 * or set as a code span whose fence is longer than any run of backticks inside (a backslash does not escape within
 * a code span), padded with a space when the text starts or ends with a backtick, as CommonMark strips one space
 * from each side.
 */

/** One line: control, invisible and bidirectional-override characters and every kind of line break become a space. */
function flat(text: string): string {
  return text
    .replace(/[^\P{Cc}]|\p{Cf}|[\u2028\u2029]/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
}

/** `text` as literal markdown text, safe in a paragraph, a heading, a list item or a table cell. */
export function literalText(text: string): string {
  return flat(text)
    .replace(/[\\`*_~[\]!<>&|$#]/g, "\\$&")
    .replace(/^[-+=]|^(\d+)([.)])/, (marker, digits?: string, dot?: string) =>
      digits ? `${digits}\\${dot}` : `\\${marker}`,
    );
}

/** `text` as a markdown code span that holds exactly its (flattened) characters; "" when nothing is left. */
export function literalCode(text: string): string {
  const inner = flat(text);
  if (inner === "") return "";
  const longest = Math.max(0, ...(inner.match(/`+/g) ?? []).map((run) => run.length));
  const fence = "`".repeat(longest + 1);
  const pad = inner.startsWith("`") || inner.endsWith("`") ? " " : "";
  return `${fence}${pad}${inner}${pad}${fence}`;
}
