import { stemmer } from "stemmer";

/** Longer tokens FTS5's porter tokenizer keeps as they are (fts5_porter.c stems only tokens of at most 64 bytes). */
const LONGEST_STEMMED = 64;

const NOT_ASCII = /[^\x00-\x7f]/;
const TOKEN = /[a-z0-9]+/g;

/** One column's stems, as FTS5's `porter unicode61` makes them from ASCII text: lowercased runs of letters and digits. */
function stems(text: string): string[] {
  return (text.toLowerCase().match(TOKEN) ?? []).map((token) => (token.length > LONGEST_STEMMED ? token : stemmer(token)));
}

/**
 * What SQLite's memories_fts keeps in its `pairs` column for a memory (migration 0031_memories_phrase_pairs): for
 * each two neighbouring stems of each column in turn, the first's length, both, the second's length; a `0` for each
 * column's last stem; all joined by spaces. Null for text that is not ASCII, whose tokens only FTS5 itself may cut:
 * the trigger then makes the pairs from FTS5's own stems.
 */
export function stemPairs(columns: readonly string[]): string | null {
  if (columns.some((text) => NOT_ASCII.test(text))) return null;
  const pairs: string[] = [];
  for (const column of columns) {
    const all = stems(column);
    for (let i = 0; i < all.length; i++) {
      const [stem, next] = [all[i]!, all[i + 1]];
      pairs.push(next === undefined ? "0" : `${stem.length}${stem}${next}${next.length}`);
    }
  }
  return pairs.join(" ");
}
