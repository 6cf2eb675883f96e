/**
 * The relative links of a markdown document and the anchors its headings make, as GitHub renders them, so that a
 * test can check that every link between the repository's documents reaches a file and, when it names one, a heading.
 */

/** A link or image target written in the document, with the line it is on (1-based). */
export interface MarkdownLink {
  target: string;
  line: number;
}

/** The document's lines outside fenced code blocks, each with its 1-based number. */
function proseLines(markdown: string): { text: string; line: number }[] {
  const lines: { text: string; line: number }[] = [];
  let fence: string | null = null;
  markdown.split("\n").forEach((text, index) => {
    const marker = /^\s{0,3}(`{3,}|~{3,})/.exec(text)?.[1];
    if (marker && (fence === null || (marker[0] === fence[0] && marker.length >= fence.length))) {
      fence = fence === null ? marker : null;
      return;
    }
    if (fence === null) lines.push({ text, line: index + 1 });
  });
  return lines;
}

/** A line without its code spans, which hold text that only looks like links. */
function withoutCodeSpans(text: string): string {
  return text.replace(/(`+)[\s\S]*?\1/g, "");
}

/** Every `[text](target)` and `![alt](target)` outside code, the target without an optional title. */
export function markdownLinks(markdown: string): MarkdownLink[] {
  const links: MarkdownLink[] = [];
  for (const { text, line } of proseLines(markdown)) {
    for (const match of withoutCodeSpans(text).matchAll(/\]\(\s*(?:<([^>]*)>|([^)\s]+))(?:\s+"[^"]*")?\s*\)/g)) {
      links.push({ target: match[1] ?? match[2] ?? "", line });
    }
  }
  return links;
}

/** Whether a target leaves the repository (a URL or an e-mail address) rather than naming a file or an anchor. */
export function isExternal(target: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(target);
}

/** GitHub's anchor for a heading's text: lower case, punctuation dropped, spaces made hyphens. */
export function headingSlug(heading: string): string {
  return heading
    .replace(/`/g, "")
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\p{M} _-]/gu, "")
    .replace(/ /g, "-");
}

/** The anchors the document's headings make; a repeated heading gets `-1`, `-2`, … as GitHub numbers them. */
export function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const { text } of proseLines(markdown)) {
    const heading = /^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$/.exec(text)?.[1];
    if (heading === undefined) continue;
    const slug = headingSlug(heading);
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}
