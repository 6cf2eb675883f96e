/**
 * Reading fields of transcript lines without a schema: lines are many and their shape changes between
 * Claude Code versions, so every accessor accepts anything and answers null (or empty) when a field is
 * missing or of another type.
 */

export type Json = Record<string, unknown>;

export function asObject(value: unknown): Json | null {
  return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Json) : null;
}

export function stringField(o: Json | null, key: string): string | null {
  const value = o?.[key];
  return typeof value === "string" ? value : null;
}

/** A count (tokens, ...): a whole number from 0 to 2^53 − 1, else 0, so totals stay whole and finite. */
export function countField(o: Json | null, key: string): number {
  const value = o?.[key];
  return Number.isSafeInteger(value) && (value as number) >= 0 ? (value as number) : 0;
}

/** A line's `message` object, if it has one. */
export function messageOf(line: Json): Json | null {
  return asObject(line.message);
}

/** The object blocks of a message's content (a string content has none). */
export function contentBlocks(content: unknown): Json[] {
  if (!Array.isArray(content)) return [];
  const blocks: Json[] = [];
  for (const block of content) {
    const o = asObject(block);
    if (o !== null) blocks.push(o);
  }
  return blocks;
}

/** The text of a content: the string itself, or its `text` blocks joined; null when it holds no text. */
export function textOf(content: unknown): string | null {
  if (typeof content === "string") return content;
  const texts = contentBlocks(content)
    .filter((b) => b.type === "text" && typeof b.text === "string")
    .map((b) => b.text as string);
  return texts.length === 0 ? null : texts.join("\n");
}

/** ISO-8601 `timestamp` of a line → epoch ms, or null. */
export function timestampOf(line: Json): number | null {
  const value = line.timestamp;
  if (typeof value !== "string") return null;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : ms;
}
