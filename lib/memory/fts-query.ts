/**
 * User text → safe FTS5 MATCH expressions (ts-query.ts reads the same parts into PostgreSQL tsqueries). Nothing the
 * user types is FTS5 syntax: every term is emitted as a double-quoted string (an FTS5 string can hold any
 * character, with `"` doubled), so `AND`/`OR`/`NOT`, `NEAR(`, `col:` filters, `^`, `+`, parentheses and stray quotes
 * are only ever words or separators.
 *
 * The little syntax there is:
 * - `"quoted words"` → a phrase (an unclosed quote runs to the end of the text);
 * - a word ending in `*`, and the last word of the text while someone types it → a prefix word: it matches as a
 *   whole word (in any form), and also as the start of longer words as they are written (`deplo` finds deploy,
 *   deployed, deployment), when its last token has at least MIN_PREFIX_CHARS characters;
 * - a word holding several tokens (`auth.ts`, `read-before-edit`) → a phrase of those tokens;
 * - everything else → terms that must all match (implicit AND).
 *
 * Hence two expressions (FtsQuery): `words` for the stemmed index (porter: "editing" finds "edit"), every term
 * whole; and, when a word is a prefix, `prefixes` for the index of words as written, the same terms with the
 * prefix words open-ended. Stemming cuts words differently from how people type them (`deploy` → "deploi",
 * `deployment` → "deploy", `operation` → "oper"), so a prefix is matched against the words as written.
 *
 * Tokens are split the way the `unicode61` tokenizer splits text (letters, digits, marks and private-use
 * characters; everything else separates) and lowercased, so emoji, punctuation and control characters vanish.
 */

/** Only the start of a very long query is read. */
const MAX_QUERY_CHARS = 1_000;
/** At most this many tokens (phrase tokens included) reach FTS5. */
export const MAX_TERMS = 16;
/** A shorter prefix (`re*`, or `re` being typed) is searched as a whole word only. */
export const MIN_PREFIX_CHARS = 3;
/** Longer tokens are cut to this length and searched as a prefix. */
export const MAX_TOKEN_CHARS = 64;

const TOKEN = /[\p{L}\p{N}\p{M}\p{Co}]+/gu;

/** A quoted phrase or a bare word of a query: its text as typed, its tokens, and whether it is a prefix word. */
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
 * a token; ts-query.ts reads the same parts for PostgreSQL. With `typing`, the last part is a prefix word when it
 * is a bare word (the one being typed).
 */
export function queryParts(text: string, typing = false): QueryPart[] {
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
  const parts = out.filter((part) => part.tokens.length > 0);
  const last = parts.at(-1);
  const bare = pieces.length % 2 === 1 && tokens(pieces.at(-1) ?? "").length > 0;
  if (typing && last && bare) last.prefix = true;
  return parts;
}

/** Whether a prefix word's last token is long enough to be searched as the start of words. */
export const isOpenPrefix = (lastToken: string) => [...lastToken].length >= MIN_PREFIX_CHARS;

/** The last tokens of the open prefix words of `text` (a search box's), as typed, lowercased: for highlighting. */
export function openPrefixes(text: string): string[] {
  return queryParts(text, true).flatMap((part) => {
    const last = part.tokens.at(-1) ?? "";
    return part.prefix && isOpenPrefix(last) ? [last.slice(0, MAX_TOKEN_CHARS)] : [];
  });
}

/** A search's words in FTS5's query language, for each of the two full-text indexes. */
export interface FtsQuery {
  /** For the stemmed index (memories_fts): every word and phrase, whole. */
  words: string;
  /** For the index of words as written (memories_words): the same, prefix words open-ended; null when there are none. */
  prefixes: string | null;
}

const quote = (text: string) => `"${text.replaceAll('"', '""')}"`;

/**
 * The words a prefix begins, as FTS5 terms, for the prefixes that begin few enough words to be listed
 * (db/queries/memory-window.ts `prefixTerms`): a prefix query reads every match of every word it begins, where an
 * OR of those words stops at the newest matches it needs.
 */
export type PrefixTerms = ReadonlyMap<string, readonly string[]>;

/** The most words a prefix is listed as (PrefixTerms); one beginning more is searched as a prefix. */
export const PREFIX_TERMS = 64;

/** A part of a query as it reaches FTS5: its tokens within the MAX_TERMS budget, each cut to MAX_TOKEN_CHARS. */
interface KeptPart {
  part: QueryPart;
  /** The tokens kept, before cutting. */
  kept: string[];
  /** The kept tokens, cut: what FTS5 reads. */
  read: string[];
  /** The last token was cut, so the part is searched as a prefix. */
  cut: boolean;
}

/** A part as `words` holds it: quoted, open-ended when its last token was cut. */
const whole = ({ read, cut }: KeptPart) => `${quote(read.join(" "))}${cut ? "*" : ""}`;

function keptParts(text: string, typing: boolean): KeptPart[] {
  const out: KeptPart[] = [];
  let budget = MAX_TERMS;
  for (const part of queryParts(text, typing)) {
    if (budget === 0) break;
    const kept = part.tokens.slice(0, budget);
    budget -= kept.length;
    out.push({
      part,
      kept,
      read: kept.map((token) => token.slice(0, MAX_TOKEN_CHARS)),
      cut: (kept.at(-1) ?? "").length > MAX_TOKEN_CHARS,
    });
  }
  return out;
}

/**
 * The MATCH expressions for `text`, or null when it holds nothing searchable (no letter or digit). `typing`: the
 * last word is a prefix word (a search box); off for text that is complete (a tag). A one-token prefix word found
 * in `terms` is written as the OR of the words it begins.
 */
export function toFtsQuery(text: string, typing = true, terms: PrefixTerms = new Map()): FtsQuery | null {
  const words: string[] = [];
  const prefixes: string[] = [];
  let open = false;
  for (const kept of keptParts(text, typing)) {
    const { part, cut } = kept;
    const last = kept.kept.at(-1) ?? "";
    const prefix = part.prefix && kept.kept.length === part.tokens.length && isOpenPrefix(last);
    open ||= prefix;
    const listed = prefix && kept.kept.length === 1 && !cut ? terms.get(last) : undefined;
    const typed =
      listed !== undefined && listed.length > 0
        ? `(${listed.map(quote).join(" OR ")})`
        : `${quote(kept.read.join(" "))}${cut || prefix ? "*" : ""}`;
    if (!words.includes(whole(kept))) words.push(whole(kept));
    if (!prefixes.includes(typed)) prefixes.push(typed);
  }
  if (words.length === 0) return null;
  // An OR of listed words is a parenthesized group, which FTS5 does not AND implicitly.
  return { words: words.join(" "), prefixes: open ? prefixes.join(" AND ") : null };
}

/** A part's text as FTS5 tokenizes it, when the part is a phrase written whole (two tokens or more, none cut into a prefix). */
const phraseText = ({ read, cut }: KeptPart) => (read.length >= 2 && !cut ? read.join(" ") : null);

/**
 * The phrases of `text` as toFtsQuery writes them whole into `words`, each as the text FTS5 tokenizes: for their
 * pairs of neighbouring stems (db/queries/memory-window.ts `phrasePairs`).
 */
export function ftsPhrases(text: string, typing = true): string[] {
  return keptParts(text, typing).flatMap((part) => phraseText(part) ?? []);
}

/** Each phrase of a query (`ftsPhrases`) and its pair tokens in order, as memories_fts's `pairs` column holds them. */
export type PhrasePairs = ReadonlyMap<string, readonly string[]>;

/** The whole words of `text` for a walk of memories_fts: `words` for its text columns, `pairs` for its `pairs` column. */
export interface FtsWalk {
  /** The words and the phrases not found in `pairs`, as toFtsQuery writes `words`; null when none are left. */
  words: string | null;
  /** Each phrase found in `pairs`, as the phrase of its pair tokens (migration 0031: the same matches). */
  pairs: string[];
}

/** `text`'s whole words and phrases (as toFtsQuery's `words`) with the phrases found in `pairs` read through their pairs. */
export function toFtsWalk(text: string, typing: boolean, pairs: PhrasePairs): FtsWalk {
  const words: string[] = [];
  const paired: string[] = [];
  for (const part of keptParts(text, typing)) {
    const phrase = phraseText(part);
    const tokens = phrase === null ? undefined : pairs.get(phrase);
    const [list, term] =
      tokens !== undefined && tokens.length > 0 ? [paired, quote(tokens.join(" "))] : [words, whole(part)];
    if (!list.includes(term)) list.push(term);
  }
  return { words: words.length > 0 ? words.join(" ") : null, pairs: paired };
}
