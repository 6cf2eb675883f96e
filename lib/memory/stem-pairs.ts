import { stemmer } from "stemmer";

/** Longer tokens FTS5's porter tokenizer keeps as they are (fts5_porter.c stems only tokens of at most 64 bytes). */
const LONGEST_STEMMED = 64;

/**
 * A character whose tokenizing only FTS5 itself may decide: one beyond ASCII that is a letter, digit, mark or
 * control, or that is not in the blocks whose punctuation, symbols and spaces FTS5's unicode61 reads as
 * separators, as it reads ASCII's: Latin-1's, general punctuation, arrows, mathematical operators, box drawing to
 * dingbats (but U+2700, newer than FTS5's tables), CJK punctuation. These are what Starlight's own text (`…`, `×`,
 * `—`) and agents' output (`✓`, `→`, `“”`) hold; a test checks each of them against FTS5 itself.
 */
const FTS5_ONLY =
  /[^\x00-\x7f\p{P}\p{S}\p{Z}]|[^\x00-\x7f\u00a0-\u00bf\u00d7\u00f7\u2000-\u206f\u2190-\u22ff\u2500-\u26ff\u2701-\u27bf\u3000-\u303f]/u;
const TOKEN = /[a-z0-9]+/g;

/** One column's stems, as FTS5's `porter unicode61` makes them from ASCII words: lowercased runs of letters and digits. */
function stems(text: string): string[] {
  return (text.toLowerCase().match(TOKEN) ?? []).map((token) =>
    token.length > LONGEST_STEMMED ? token : stemmer(token),
  );
}

/**
 * What SQLite's memories_fts keeps in its `pairs` column for a memory (migration 0031_memories_phrase_pairs): for
 * each two neighbouring stems of each column in turn, the first's length, both, the second's length; a `0` for each
 * column's last stem; all joined by spaces. Null for text with a letter or digit beyond ASCII, or a character FTS5 may
 * read as one (FTS5_ONLY), whose tokens only FTS5 itself may cut: the trigger then makes the pairs from FTS5's own stems.
 */
export function stemPairs(columns: readonly string[]): string | null {
  if (columns.some((text) => FTS5_ONLY.test(text))) return null;
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
