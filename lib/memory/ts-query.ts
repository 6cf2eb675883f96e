import { MAX_TERMS, MAX_TOKEN_CHARS, MIN_PREFIX_CHARS, queryParts, tokens } from "./fts-query";

/**
 * User text → a PostgreSQL tsquery source for `to_tsquery('english', …)`, from the same parts as the FTS5
 * expression (fts-query.ts): words ANDed, `"quoted words"` as a phrase (`<->`), a trailing `*` as a prefix (`:*`).
 *
 * Each word goes in as one quoted lexeme, its text as typed with `'` doubled and `\` escaped, so `&`, `|`, `!`,
 * `<->`, `:`, parentheses and quotes inside it are never tsquery syntax: the result always parses. to_tsquery
 * then runs the word through the parser and stemmer the `search` column's to_tsvector uses, so a word the
 * parser keeps whole in a memory (`auth.ts`, `read-before-edit`) is looked up whole, where splitting it
 * here would look for tokens the index does not hold. English stop words are dropped (a query of stop words only
 * matches nothing, where FTS5, which keeps them, would match). A NUL character, which PostgreSQL text cannot hold,
 * separates words as a space does (FTS5 reads it as a separator too).
 */

const escape = (word: string) => word.replaceAll("\u0000", " ").replaceAll("\\", "\\\\").replaceAll("'", "''");

/** Weight letters a lexeme may match in (the `search` column: A content, B tags); none: any. */
export type TsWeights = "A" | "B";

/** At most MAX_TOKEN_CHARS characters of a word; a longer one is searched as a prefix, as in FTS5. */
function lexeme(word: string, prefix: boolean, weights: TsWeights | ""): string {
  const chars = [...word];
  const cut = chars.length > MAX_TOKEN_CHARS;
  const prefixed = prefix || cut;
  const label = prefixed || weights !== "" ? `:${prefixed ? "*" : ""}${weights}` : "";
  return `'${escape(cut ? chars.slice(0, MAX_TOKEN_CHARS).join("") : word)}'${label}`;
}

/**
 * The tsquery source for `text`, or null when it holds nothing searchable (no letter or digit). With `weights`,
 * each word matches only in the parts of the `search` column so weighted (`"B"`: the tags).
 */
export function toTsQuery(text: string, weights: TsWeights | "" = ""): string | null {
  const terms: string[] = [];
  let budget = MAX_TERMS;
  for (const part of queryParts(text)) {
    if (budget === 0) break;
    const words = part.text
      .split(/\s+/)
      .filter((word) => tokens(word).length > 0)
      .slice(0, budget);
    budget -= words.length;
    const prefix = part.prefix && [...(part.tokens.at(-1) ?? "")].length >= MIN_PREFIX_CHARS;
    const lexemes = words.map((word, i) => (i === words.length - 1 && part.prefix ? lexeme(word.replace(/\*+$/, ""), prefix, weights) : lexeme(word, false, weights)));
    const term = lexemes.length === 1 ? lexemes[0]! : `(${lexemes.join(" <-> ")})`;
    if (!terms.includes(term)) terms.push(term);
  }
  return terms.length > 0 ? terms.join(" & ") : null;
}
