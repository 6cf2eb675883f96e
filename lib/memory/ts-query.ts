import { isOpenPrefix, MAX_TERMS, MAX_TOKEN_CHARS, queryParts, tokens } from "./fts-query";

/**
 * User text → PostgreSQL tsquery sources, from the same parts as the FTS5 expressions (fts-query.ts): words ANDed,
 * `"quoted words"` as a phrase (`<->`), and a prefix word (a trailing `*`, or the last word being typed) open-ended
 * (`:*`). As there, two of them (TsQuery): `words` for `to_tsquery('english', …)` against the stemmed `search`
 * column, every word whole; `prefixes` for `to_tsquery('simple', …)` against the `words` column (the words as
 * written), the prefix words open-ended.
 *
 * Each word goes in as one quoted lexeme, its text as typed with `'` doubled and `\` escaped, so `&`, `|`, `!`,
 * `<->`, `:`, parentheses and quotes inside it are never tsquery syntax: the result always parses. to_tsquery
 * then runs the word through the parser (and stemmer) the column's to_tsvector uses, so a word the parser keeps
 * whole in a memory (`auth.ts`, `read-before-edit`) is looked up whole, where splitting it here would look for
 * tokens the index does not hold. English stop words are dropped from `words` (a query of stop words only matches
 * nothing there, where FTS5, which keeps them, would match). A NUL character, which PostgreSQL text cannot hold,
 * separates words as a space does (FTS5 reads it as a separator too).
 */

const escape = (word: string) => word.replaceAll("\u0000", " ").replaceAll("\\", "\\\\").replaceAll("'", "''");

/** Weight letters a lexeme may match in (the `search` column: A content, B tags); none: any. */
type TsWeights = "A" | "B";

/** A search's words as tsquery sources, for each of the two full-text columns. */
export interface TsQuery {
  /** For `to_tsquery('english', …)` against `search`: every word and phrase, whole. */
  words: string;
  /** For `to_tsquery('simple', …)` against `words`: the same, prefix words open-ended; null when there are none. */
  prefixes: string | null;
}

/** At most MAX_TOKEN_CHARS characters of a word; a longer one is searched as a prefix, as in FTS5. */
function lexeme(word: string, prefix: boolean, weights: TsWeights | ""): string {
  const chars = [...word];
  const cut = chars.length > MAX_TOKEN_CHARS;
  const prefixed = prefix || cut;
  const label = prefixed || weights !== "" ? `:${prefixed ? "*" : ""}${weights}` : "";
  return `'${escape(cut ? chars.slice(0, MAX_TOKEN_CHARS).join("") : word)}'${label}`;
}

export interface TsQueryOptions {
  /** The last word is a prefix word (a search box); off for text that is complete (a tag). Default on. */
  typing?: boolean;
  /** Each lexeme matches only in the parts of the `search` column so weighted (`"B"`: the tags). */
  weights?: TsWeights;
}

/** The tsquery sources for `text`, or null when it holds nothing searchable (no letter or digit). */
export function toTsQuery(text: string, { typing = true, weights }: TsQueryOptions = {}): TsQuery | null {
  const words: string[] = [];
  const prefixes: string[] = [];
  let open = false;
  let budget = MAX_TERMS;
  const term = (lexemes: string[]) => (lexemes.length === 1 ? lexemes[0]! : `(${lexemes.join(" <-> ")})`);
  for (const part of queryParts(text, typing)) {
    if (budget === 0) break;
    const kept = part.text
      .split(/\s+/)
      .filter((word) => tokens(word).length > 0)
      .slice(0, budget);
    budget -= kept.length;
    const bare = kept.map((word, i) => (i === kept.length - 1 && part.prefix ? word.replace(/\*+$/, "") : word));
    const prefix = part.prefix && isOpenPrefix(part.tokens.at(-1) ?? "");
    open ||= prefix;
    const whole = term(bare.map((word) => lexeme(word, false, weights ?? "")));
    const typed = term(bare.map((word, i) => lexeme(word, prefix && i === bare.length - 1, "")));
    if (!words.includes(whole)) words.push(whole);
    if (!prefixes.includes(typed)) prefixes.push(typed);
  }
  if (words.length === 0) return null;
  return { words: words.join(" & "), prefixes: open ? prefixes.join(" & ") : null };
}
