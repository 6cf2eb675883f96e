import { toFtsQuery, toFtsWalk, type FtsQuery, type PhrasePairs, type PrefixTerms } from "./fts-query";
import { toTsQuery, type TsQuery } from "./ts-query";

/**
 * A search's words (`q`, the last word a prefix word) and tag (complete; `sharedFilters` in
 * db/queries/memory-window.ts checks it exactly) as one query for the engine's full-text indexes: `words` for the
 * stemmed index, `prefixes` (when a word is a prefix) for the index of words as written. Both engines' builders
 * give this shape (fts-query.ts, ts-query.ts).
 */
export type TextQuery = FtsQuery | TsQuery;

/** What a search asks of the full-text index: `words` null when it has no `q` (a tag alone), `query` null when neither. */
export interface SearchText {
  /** The words of `q`; null when the search has none. */
  words: TextQuery | null;
  /** The words and the tag together. */
  query: TextQuery | null;
}

const joined = (parts: (string | null)[], and: string) => {
  const kept = parts.filter((part): part is string => part !== null);
  return kept.length > 0 ? kept.join(and) : null;
};

/**
 * For FTS5: the words on the content and tags columns (never the index's scope column), and the tag on the tags
 * column; prefix words found in `terms` as the OR of the words they begin. Null words: `q` holds no letter or digit.
 */
export function ftsSearchText(q: string | undefined, tag: string | undefined, terms?: PrefixTerms): SearchText {
  const words = q === undefined ? null : toFtsQuery(q, true, terms);
  const tagged = tag === undefined ? null : (toFtsQuery(tag, false)?.words ?? null);
  const onTags = tagged === null ? null : `tags : (${tagged})`;
  const onText = (text: string) => `{content tags} : (${text})`;
  const query = joined([words === null ? null : onText(words.words), onTags], " AND ");
  const prefixes = words?.prefixes == null ? null : joined([onText(words.prefixes), onTags], " AND ");
  return { words, query: query === null ? null : { words: query, prefixes } };
}

/**
 * For FTS5, the expression of ftsSearchText's `query.words` for the walk of memories_fts: the same matches, with the
 * phrases of `q` found in `pairs` read through the index's `pairs` column (migration 0031), which holds the pairs of
 * the content and of the tags. The tag's phrases stay on the tags column: its pairs would match the content too.
 */
export function ftsWalkText(q: string | undefined, tag: string | undefined, pairs: PhrasePairs): string | null {
  const walk = q === undefined ? null : toFtsWalk(q, true, pairs);
  const tagged = tag === undefined ? null : (toFtsQuery(tag, false)?.words ?? null);
  return joined(
    [
      walk?.words == null ? null : `{content tags} : (${walk.words})`,
      tagged === null ? null : `tags : (${tagged})`,
      ...(walk?.pairs ?? []).map((phrase) => `pairs : ${phrase}`),
    ],
    " AND ",
  );
}

/**
 * For PostgreSQL: the words, and the tag on the tags (weighted B in `search`; the `words` column has no weights);
 * prefix words found in `terms` as the OR of the words they begin. Null words: `q` holds no letter or digit.
 */
export function tsSearchText(q: string | undefined, tag: string | undefined, terms?: PrefixTerms): SearchText {
  const words = q === undefined ? null : toTsQuery(q, { terms });
  const tagged = tag === undefined ? null : toTsQuery(tag, { typing: false, weights: "B" });
  const tagWords = tag === undefined ? null : toTsQuery(tag, { typing: false });
  const both = (...parts: (string | null | undefined)[]) =>
    joined(
      parts.map((part) => (part == null ? null : `(${part})`)),
      " & ",
    );
  const query = both(words?.words, tagged?.words);
  const prefixes = words?.prefixes == null ? null : both(words.prefixes, tagWords?.words);
  const wholeTerms = prefixes === null ? null : both(words?.wholeTerms, tagWords?.words);
  return { words, query: query === null ? null : { words: query, prefixes, wholeTerms } };
}
