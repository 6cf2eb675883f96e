/**
 * User text → a safe FTS5 MATCH expression (ts-query.ts reads the same parts into a PostgreSQL tsquery). Nothing the user types is FTS5 syntax: every term is emitted as a
 * double-quoted string (an FTS5 string can hold any character, with `"` doubled), so `AND`/`OR`/`NOT`,
 * `NEAR(`, `col:` filters, `^`, `+`, parentheses and stray quotes are only ever words or separators.
 *
 * The little syntax there is:
 * - `"quoted words"` → a phrase (an unclosed quote runs to the end of the text);
 * - a word ending in `*` → a prefix query on its last token (`verif*` finds verify, verified, verification), when
 *   that token has at least MIN_PREFIX_CHARS characters: FTS5 answers a prefix by merging the lists of every word
 *   it starts (`r*` is most of the vault), so a shorter one is searched as a whole word;
 * - a word holding several tokens (`auth.ts`, `read-before-edit`) → a phrase of those tokens;
 * - everything else → terms that must all match (implicit AND).
 *
 * Tokens are split the way the `unicode61` tokenizer splits text (letters, digits, marks and private-use
 * characters; everything else separates) and lowercased, so emoji, punctuation and control characters vanish.
 */

/** Only the start of a very long query is read. */
export const MAX_QUERY_CHARS = 1_000;
/** At most this many tokens (phrase tokens included) reach FTS5. */
export const MAX_TERMS = 16;
/** A shorter prefix (`re*`) is searched as a whole word. */
export const MIN_PREFIX_CHARS = 3;
/** Longer tokens are cut to this length and searched as a prefix. */
export const MAX_TOKEN_CHARS = 64;

const TOKEN = /[\p{L}\p{N}\p{M}\p{Co}]+/gu;

/** A quoted phrase or a bare word of a query: its text as typed, its tokens, and whether it ends in `*`. */
export interface QueryPart {
  text: string;
  tokens: string[];
  prefix: boolean;
}

/** The unicode61 tokens of `text`, lowercased. */
export function tokens(text: string): string[] {
  return (text.toLowerCase().match(TOKEN) ?? []).filter((token) => !/^\p{M}+$/u.test(token));
}

/**
 * Splits the start of `text` (MAX_QUERY_CHARS) into quoted phrases and bare words, in order, keeping those with
 * a token; ts-query.ts reads the same parts for PostgreSQL.
 */
export function queryParts(text: string): QueryPart[] {
  const out: QueryPart[] = [];
  const pieces = text.slice(0, MAX_QUERY_CHARS).split('"');
  pieces.forEach((piece, i) => {
    if (i % 2 === 1) {
      out.push({ text: piece, tokens: tokens(piece), prefix: false });
      return;
    }
    for (const word of piece.split(/\s+/)) {
      out.push({ text: word, tokens: tokens(word), prefix: word.endsWith("*") });
    }
  });
  return out.filter((part) => part.tokens.length > 0);
}

const quote = (text: string) => `"${text.replaceAll('"', '""')}"`;

/** The MATCH expression for `text`, or null when it holds nothing searchable (no letter or digit). */
export function toFtsQuery(text: string): string | null {
  const terms: string[] = [];
  let budget = MAX_TERMS;
  for (const part of queryParts(text)) {
    if (budget === 0) break;
    const kept = part.tokens.slice(0, budget);
    budget -= kept.length;
    const last = kept.length - 1;
    const cut = (kept[last] ?? "").length > MAX_TOKEN_CHARS;
    const words = kept.map((token) => token.slice(0, MAX_TOKEN_CHARS));
    const asked = part.prefix && kept.length === part.tokens.length && [...(kept[last] ?? "")].length >= MIN_PREFIX_CHARS;
    const prefix = asked || cut;
    const term = `${quote(words.join(" "))}${prefix ? "*" : ""}`;
    if (!terms.includes(term)) terms.push(term);
  }
  return terms.length > 0 ? terms.join(" ") : null;
}
