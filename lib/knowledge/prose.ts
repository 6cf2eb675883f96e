/** A person's message split into sentences: at a sentence's end mark followed by space, or at a line break. */
export const sentences = (text: string) =>
  text
    .split(/(?<=[.!?])\s+|\n+/)
    .map((s) => s.trim())
    .filter((s) => s !== "");

/** The words of a text: runs without spaces that hold a letter or digit. */
export const wordCount = (text: string) => text.split(/\s+/).filter((w) => /\w/.test(w)).length;

/** Case, punctuation and spacing do not make two statements different. */
export const normaliseProse = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
