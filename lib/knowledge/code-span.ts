/**
 * Text an upload carried (a command, an error signature, a file path) shown as inline code: one line, without
 * control, invisible or bidirectional characters and without backticks (which would end the span), capped. It
 * is quoted as what ran, never worded as an instruction.
 */

const MAX_CODE_CHARS = 120;

function codeText(text: string, max: number = MAX_CODE_CHARS): string {
  const flat = text
    .replace(/[^\P{Cc}]|\p{Cf}/gu, " ")
    .replace(/`+/g, "")
    .replace(/\s+/g, " ")
    .trim();
  const chars = Array.from(flat);
  return chars.length <= max
    ? flat
    : `${chars
        .slice(0, max - 1)
        .join("")
        .trimEnd()}…`;
}

/** `text` as a markdown code span; "" when nothing is left of it. */
export function codeSpan(text: string, max: number = MAX_CODE_CHARS): string {
  const inner = codeText(text, max);
  return inner === "" ? "" : `\`${inner}\``;
}
