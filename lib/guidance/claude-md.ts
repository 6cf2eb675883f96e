/** The markers around Starlight's block in a CLAUDE.md (or AGENTS.md); everything outside them is the user's. */
export const BEGIN_MARKER = "<!-- starlight:begin -->";
export const END_MARKER = "<!-- starlight:end -->";

/** An existing file has a begin marker without an end marker after it: merging could eat the user's text. */
export class UnclosedBlockError extends Error {
  constructor() {
    super(`found "${BEGIN_MARKER}" without "${END_MARKER}" after it; fix the file by hand before merging`);
    this.name = "UnclosedBlockError";
  }
}

/**
 * Puts Starlight's `block` (from `renderGuidance(…, "claude-md", …)`, markers included) into a CLAUDE.md:
 * replaces the first previous block (from its begin marker through its end marker and that line's ending), or
 * appends the block after a blank line. The user's text outside the block is kept byte for byte; when the file
 * uses CRLF line endings the block is written with CRLF too. Throws UnclosedBlockError for a begin marker with
 * no end marker after it.
 */
export function mergeClaudeMd(existing: string, block: string): string {
  const eol = existing.includes("\r\n") ? "\r\n" : "\n";
  const normalised = block.replace(/\r\n/g, "\n");
  const withNewline = normalised.endsWith("\n") ? normalised : `${normalised}\n`;
  const ours = eol === "\n" ? withNewline : withNewline.replace(/\n/g, "\r\n");

  const found = locateBlock(existing);
  if (found) return existing.slice(0, found.begin) + ours + existing.slice(found.end);
  if (existing === "") return ours;
  const terminated = existing.endsWith("\n") ? "" : eol;
  const separated = /(\r?\n){2}$/.test(existing + terminated) ? "" : eol;
  return existing + terminated + separated + ours;
}

/**
 * Takes Starlight's block out of a file (from its begin marker through its end marker and that line's ending),
 * keeping everything else byte for byte; a file without a block is answered unchanged. Throws
 * UnclosedBlockError as mergeClaudeMd does.
 */
export function removeBlock(existing: string): string {
  const found = locateBlock(existing);
  return found ? existing.slice(0, found.begin) + existing.slice(found.end) : existing;
}

/** Where the first block sits: its begin marker's offset, and the offset just past its end marker's line ending. */
function locateBlock(existing: string): { begin: number; end: number } | null {
  const begin = existing.indexOf(BEGIN_MARKER);
  if (begin < 0) return null;
  const endMarker = existing.indexOf(END_MARKER, begin + BEGIN_MARKER.length);
  if (endMarker < 0) throw new UnclosedBlockError();
  let end = endMarker + END_MARKER.length;
  if (existing.startsWith("\r\n", end)) end += 2;
  else if (existing.startsWith("\n", end)) end += 1;
  return { begin, end };
}

/** The block currently in a file (markers included), or null. */
export function extractBlock(text: string): string | null {
  const begin = text.indexOf(BEGIN_MARKER);
  if (begin < 0) return null;
  const end = text.indexOf(END_MARKER, begin + BEGIN_MARKER.length);
  return end < 0 ? null : text.slice(begin, end + END_MARKER.length);
}
