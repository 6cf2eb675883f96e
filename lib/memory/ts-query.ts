import { isOpenPrefix, MAX_TERMS, MAX_TOKEN_CHARS, queryParts, tokens, type PrefixTerms } from "./fts-query";

/**
 * User text → PostgreSQL tsquery sources, from the same parts as the FTS5 expressions (fts-query.ts): words ANDed,
 * `"quoted words"` as a phrase (`<->`), and a prefix word (a trailing `*`, or the last word being typed) open-ended
 * (`:*`). As there, two of them (TsQuery): `words` for `to_tsquery('english', …)` against the stemmed `search`
 * column, every word whole; `prefixes` for `to_tsquery('simple', …)` against the `words` column (the words as
 * written), the prefix words open-ended.
 *
 * Each word is cut at its ASCII punctuation marks, as the columns' text is (memoryText: PostgreSQL's parser keeps
 * `lib/auth.ts`, `1.2.3` or `a@b.io` as one word, where FTS5 splits them), and a word of several parts is the
 * phrase of them (`auth.ts` → `'auth' <-> 'ts'`), as in FTS5. Each part goes in as one quoted lexeme as typed:
 * with no ASCII mark left in it, `&`, `|`, `!`, `<->`, `:`, parentheses and quotes are never tsquery syntax, and
 * the result always parses; to_tsquery then runs it through the parser (and stemmer) the column's to_tsvector
 * uses. English stop words are dropped from `words` (a query of stop words only matches nothing there, where
 * FTS5, which keeps them, would match). A NUL character, which PostgreSQL text cannot hold, separates words as a
 * mark does (FTS5 reads it as a separator too).
 */

/**
 * The ASCII punctuation marks (as a character class's ranges) that the memory_text function of PostgreSQL migration
 * 0013_memory_path_words makes spaces in a memory's text before its columns read it: the same 32 characters.
 */
const ASCII_MARKS = "!-/:-@[-`{-~";

const EVERY_MARK = new RegExp(`[${ASCII_MARKS}]`, "g");

/** `text` as PostgreSQL's full-text columns read it (memory_text): every ASCII punctuation mark a space, so as long as `text`. */
export function memoryText(text: string): string {
  return text.replace(EVERY_MARK, " ");
}

/** What cuts a query's word into parts: the ASCII marks, and a NUL, which PostgreSQL text cannot hold. */
const SEPARATORS = new RegExp(`[\u0000${ASCII_MARKS}]`);

/** The parts of `word` between its separators that hold a token: none holds a quote, backslash or tsquery operator. */
const wordParts = (word: string) => word.split(SEPARATORS).filter((piece) => tokens(piece).length > 0);

/** Weight letters a lexeme may match in (the `search` column: A content, B tags); none: any. */
type TsWeights = "A" | "B";

/** A search's words as tsquery sources, for each of the two full-text columns. */
export interface TsQuery {
  /** For `to_tsquery('english', …)` against `search`: every word and phrase, whole. */
  words: string;
  /**
   * For `to_tsquery('simple', …)` against `words`: the same, prefix words open-ended, or the OR of the words they
   * begin where `terms` lists those; null when there are none, or when one begins no word at all (nothing matches).
   */
  prefixes: string | null;
  /**
   * The terms of `prefixes` that hold no open prefix word, as `prefixes` writes them: what every match of `prefixes`
   * holds, which the `words` index reads without going through every word a prefix begins; null when every term
   * holds an open prefix word, or there are none (or absent).
   */
  wholeTerms?: string | null;
}

/** Whether a `prefixes` tsquery still holds an open prefix word (`:*`; a lexeme never holds a colon: wordParts). */
export const isOpen = (tsquery: string) => tsquery.includes(":*");

/** At most MAX_TOKEN_CHARS characters of a word; a longer one is searched as a prefix, as in FTS5. */
function lexeme(word: string, prefix: boolean, weights: TsWeights | ""): string {
  const chars = [...word];
  const cut = chars.length > MAX_TOKEN_CHARS;
  const prefixed = prefix || cut;
  const label = prefixed || weights !== "" ? `:${prefixed ? "*" : ""}${weights}` : "";
  return `'${cut ? chars.slice(0, MAX_TOKEN_CHARS).join("") : word}'${label}`;
}

export interface TsQueryOptions {
  /** The last word is a prefix word (a search box); off for text that is complete (a tag). Default on. */
  typing?: boolean;
  /** Each lexeme matches only in the parts of the `search` column so weighted (`"B"`: the tags). */
  weights?: TsWeights;
  /**
   * The words of the vault that prefix words begin, by prefix word (tsPrefixWords), where they are few enough to
   * list (db/pg/memory-search.ts `prefixTerms`): read through the index as whole words, not by gathering every match
   * of every word they begin.
   */
  terms?: PrefixTerms;
}

/** A part of a query cut into words as PostgreSQL's columns read them; `prefix`: its last word is an open prefix. */
interface TsPart {
  split: string[];
  prefix: boolean;
}

function tsParts(text: string, typing: boolean): TsPart[] {
  const out: TsPart[] = [];
  let budget = MAX_TERMS;
  for (const part of queryParts(text, typing)) {
    if (budget === 0) break;
    const split = part.text.split(/\s+/).flatMap(wordParts).slice(0, budget);
    budget -= split.length;
    out.push({ split, prefix: part.prefix && isOpenPrefix(part.tokens.at(-1) ?? "") });
  }
  return out;
}

/** The prefix word of a part that can be listed as the words it begins: its only word, not cut short. */
const listable = ({ split, prefix }: TsPart) =>
  prefix && split.length === 1 && [...split[0]!].length <= MAX_TOKEN_CHARS ? split[0]! : null;

/** The prefix words of `text` (a search box's) that toTsQuery writes as the words they begin when `terms` lists them. */
export function tsPrefixWords(text: string): string[] {
  return [...new Set(tsParts(text, true).flatMap((part) => listable(part) ?? []))];
}

/** A lexeme of the vault as a tsquery term: quoted, taken as written. */
const listedLexeme = (lexeme: string) => `'${lexeme.replaceAll("\\", "\\\\").replaceAll("'", "''")}'`;

/** The tsquery sources for `text`, or null when it holds nothing searchable (no letter or digit). */
export function toTsQuery(
  text: string,
  { typing = true, weights, terms = new Map() }: TsQueryOptions = {},
): TsQuery | null {
  const words: string[] = [];
  const prefixes: string[] = [];
  let open = false;
  let unmatched = false;
  const term = (lexemes: string[]) => (lexemes.length === 1 ? lexemes[0]! : `(${lexemes.join(" <-> ")})`);
  for (const part of tsParts(text, typing)) {
    const { split, prefix } = part;
    open ||= prefix;
    const word = listable(part);
    const listed = word === null ? undefined : terms.get(word);
    unmatched ||= listed?.length === 0;
    const whole = term(split.map((w) => lexeme(w, false, weights ?? "")));
    const typed =
      listed !== undefined
        ? `(${listed.map(listedLexeme).join(" | ")})`
        : term(split.map((w, i) => lexeme(w, prefix && i === split.length - 1, "")));
    if (!words.includes(whole)) words.push(whole);
    if (!prefixes.includes(typed)) prefixes.push(typed);
  }
  if (words.length === 0) return null;
  if (!open || unmatched) return { words: words.join(" & "), prefixes: null, wholeTerms: null };
  const whole = prefixes.filter((typed) => !isOpen(typed));
  return {
    words: words.join(" & "),
    prefixes: prefixes.join(" & "),
    wholeTerms: whole.length > 0 ? whole.join(" & ") : null,
  };
}
