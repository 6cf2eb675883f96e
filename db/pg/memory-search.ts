import { sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../engine/database";
import { statement } from "../engine/statement";
import type { ProjectScope } from "../queries/scope";
import { HIGHLIGHT_END, HIGHLIGHT_START } from "../../lib/memory/contract";
import { TEXT_WINDOW, tieredWindow, type TieredWindow } from "../../lib/memory/search-window";
import { allOf, pairsLookup } from "../../lib/memory/phrase-pairs";
import { PREFIX_TERMS, type PrefixTerms } from "../../lib/memory/fts-query";
import { isOpen, memoryText, type TsQuery } from "../../lib/memory/ts-query";
import {
  FIRST_WALK,
  nextSpan,
  reachesOldest,
  readWithin,
  spanFound,
  walkAgain,
  walkAnswered,
  walkFound,
  type Found,
  type Walked,
} from "../../lib/memory/window-steps";

/**
 * The PostgreSQL core of the memory search by words (the FTS5 one: db/queries/memory-window.ts,
 * memory-snippets.ts): the `search` and `words` tsvector columns of `memories` (migration 0009: the words stemmed,
 * content weighted A and tags B, and as written; a GIN index each; since 0013 of the text with its ASCII marks made
 * spaces, so paths are split as FTS5 splits them) matched by the query's tsqueries
 * (lib/memory/ts-query.ts), within the projects the caller may read and the global memories, over the same tiered,
 * bounded window (lib/memory/search-window.ts), ranked, and cut into highlighted snippets with the same markers. A
 * phrase's look-up reads the index of the `pairs` column (migration 0011) for its pairs of neighbouring lexemes (or
 * of lexemes with a stop word between them) and its other words (0013), so only the memories holding them all have
 * their positions checked. Its
 * statements go through the app's `Db`, so inside a transaction they read what it wrote.
 *
 * Ranking: ts_rank_cd with content weighted 1.0 and tags 0.5, as the FTS5 bm25 weights are, normalised by the
 * log of the memory's length as bm25 normalises by length. It reads no statistics of other memories (unlike
 * bm25's document frequencies), so a scoped caller's ranks say nothing about projects they may not read, and a
 * window can be ranked by itself: no scratch index is needed.
 */

/** ts_rank_cd's weights, in the order {D, C, B, A}: tags (B) weigh half of content (A); the marks (D) nothing. */
const WEIGHTS = "{0, 0, 0.5, 1}";
/** ts_rank_cd normalisation 1: the rank divided by 1 + log of the document's length. */
const NORMALISATION = 1;
/** As many words as the FTS5 snippet's tokens (memory-snippets.ts), around the best-matching fragment. */
const HEADLINE_WORDS = 40;
const MARKS = `StartSel="${HIGHLIGHT_START}", StopSel="${HIGHLIGHT_END}"`;
const HEADLINE = `${MARKS}, MaxWords=${HEADLINE_WORDS}, MinWords=15, MaxFragments=1`;
/** Content no longer than a headline is marked whole, as FTS5's snippet gives it (a fragment would start at the first match). */
const WHOLE = `${MARKS}, HighlightAll=true`;
const ELLIPSIS = "…";

/**
 * The relevance of the `memories` row to the words of `tsquery` (higher is better), for a query over `memories`:
 * over its content and tags alone (ts_filter keeps weights A and B), so that the marks do not count in its length.
 */
export function rankOf(tsquery: string): SQL<number> {
  return sql<number>`ts_rank_cd(${sql.raw(`'${WEIGHTS}'`)}, ts_filter(memories.search, '{a,b}'), to_tsquery('english', ${tsquery}), ${sql.raw(String(NORMALISATION))})`;
}

/** The condition that the `memories` row matches `query`'s words whole, or with its prefix words open (for a full count). */
export function matches(query: TsQuery): SQL {
  const words = sql`memories.search @@ to_tsquery('english', ${query.words})`;
  return query.prefixes === null ? words : sql`(${words} or memories.words @@ to_tsquery('simple', ${query.prefixes}))`;
}

/** A full-text column of `memories` and the text search configuration its tsvector was made with. */
interface Column {
  name: "search" | "words";
  config: "english" | "simple";
}

const SEARCH: Column = { name: "search", config: "english" };
const WORDS: Column = { name: "words", config: "simple" };

/** `coalesce(project_id, 0)` of the memories a scope reads (0: the global ones); null: every memory. */
const scopeKeys = (readable: ProjectScope | undefined) =>
  readable === undefined || readable === "all" ? null : [0, ...readable];

/** A tsquery literal (read as written: the marks are upper case, which to_tsquery would lowercase) of any of these lexemes. */
const anyOf = (lexemes: string[]) => `(${lexemes.map((lexeme) => `'${lexeme}'`).join(" | ")})`;

const walkRow = z.object({
  hits: z.array(z.coerce.number()).nullable(),
  whole: z.coerce.number(),
  newest: z.coerce.number().nullable(),
  oldest: z.coerce.number().nullable(),
  read: z.coerce.number(),
});
const idRow = z.object({ id: z.coerce.number() });

function walkStatement(column: Column) {
  const walk = (
    scope: string,
  ) => `SELECT array_agg(w.id ORDER BY w.id DESC) FILTER (WHERE w.v @@ to_tsquery('${column.config}', ?)) AS hits,
      count(*) FILTER (WHERE w.v @@ to_tsquery('${column.config}', ?)) AS whole, max(w.id) AS newest, min(w.id) AS oldest, count(*) AS read
    FROM (SELECT m.id, m.${column.name} AS v FROM memories m${scope} ORDER BY m.id DESC LIMIT ?) w`;
  return {
    all: statement(walk("")),
    scoped: statement(walk(" WHERE coalesce(m.project_id, 0) = ANY(CAST(? AS bigint[]))")),
  };
}

/**
 * A statement reading a span's newest matches, in two forms: `marked` looks up `looked` AND the span's marks (a
 * tsquery literal, the parameter after those of `looked`); `unmarked` looks up `looked` alone, for a span that
 * reaches the oldest ids in no scope. `sql` writes the call around the look-up.
 */
function spanStatements(looked: string, sql: (lookup: string) => string) {
  return { marked: statement(sql(`${looked} && CAST(? AS tsquery)`)), unmarked: statement(sql(looked)) };
}

/** A span's newest matches, through the index (migration 0010's functions). */
const spanStatement = (column: Column) =>
  spanStatements(
    `to_tsquery('${column.config}', ?)`,
    (lookup) => `SELECT id FROM memories_${column.name}_newest(${lookup}, ?) AS id`,
  );

/** The walk of a prefix's search (only prefixes walk: lib/memory/window-steps.ts); the second parameter is its whole words, or null. */
const WALK = walkStatement(WORDS);
const SPAN = { search: spanStatement(SEARCH), words: spanStatement(WORDS) };
/** A span's newest matches of a phrase (the first parameter), read through the `pairs` index for its pairs (the second). */
const PHRASE_SPAN = spanStatements(
  "CAST(? AS tsquery)",
  (lookup) => `SELECT id FROM memories_phrase_newest(to_tsquery('english', ?), ${lookup}, ?) AS id`,
);
/** A span's newest matches of a prefix search, read through its whole words (the first parameter) and checked for all of it (the last but one): migration 0014. */
const WITHIN_SPAN = spanStatements(
  "to_tsquery('simple', ?)",
  (lookup) => `SELECT id FROM memories_words_newest_within(${lookup}, to_tsquery('simple', ?), ?) AS id`,
);
const newestId = statement<{ id: number | null }>("SELECT max(id) AS id FROM memories");
const parsedQuery = statement<{ query: string }>("SELECT CAST(to_tsquery('english', ?) AS text) AS query");

/**
 * What a phrase's look-up asks the `pairs` column for (lib/memory/phrase-pairs.ts `pairsLookup`: the pairs of a
 * `search` tsquery's phrases and its other lexemes), as a tsquery literal; null without a phrase. PostgreSQL parses
 * the query, so they are of the lexemes it stems and splits.
 */
async function pairsLookupOf(db: Db, tsquery: string): Promise<string | null> {
  if (!tsquery.includes("<->")) return null;
  const row = z.object({ query: z.string() }).parse(await parsedQuery.get(db, tsquery));
  const lookup = pairsLookup(row.query);
  return lookup.length > 0 ? allOf(lookup) : null;
}

/**
 * The `need` newest memories matching `tsquery` in `column` among those of `keys` (null: all), newest first, in the
 * steps of lib/memory/window-steps.ts: spans of ids read through the index, after a walk of the newest memories
 * for a prefix still open (one beginning too many words to list: lib/memory/ts-query.ts `isOpen`). `newestOf`
 * answers the vault's newest id, read once for both columns of a search. With `pairs`, the pairs of `tsquery`'s
 * phrases (`search` only), each span is read through the `pairs` column's index instead; with `wholeTerms`, the
 * whole words beside a prefix (`words` only), through those words alone where the walk says so (readWithin).
 */
async function newestMatches(
  db: Db,
  column: Column,
  tsquery: string,
  keys: number[] | null,
  need: number,
  newestOf: () => Promise<number>,
  { pairs = null, wholeTerms = null }: { pairs?: string | null; wholeTerms?: string | null } = {},
): Promise<number[]> {
  let found: Found | null = null;
  let within: string | null = null;
  if (column === WORDS && isOpen(tsquery)) {
    let whole = 0;
    const walk = async (rows: number): Promise<Walked> => {
      const raw =
        keys === null
          ? await WALK.all.get(db, tsquery, wholeTerms, rows)
          : await WALK.scoped.get(db, tsquery, wholeTerms, keys, rows);
      const row = walkRow.parse(raw);
      whole = row.whole;
      return { hits: row.hits ?? [], newest: row.newest ?? 0, oldest: row.oldest ?? 0, read: row.read, asked: rows };
    };
    let walked = await walk(FIRST_WALK);
    for (let rows = walkAgain(walked, need); rows !== null; rows = walkAgain(walked, need)) walked = await walk(rows);
    if (walkAnswered(walked, need)) return walked.hits.slice(0, need);
    found = walkFound(walked);
    if (wholeTerms !== null && readWithin(walked, whole)) within = wholeTerms;
  }
  const newest = await newestOf();
  const scope = keys === null ? [] : [anyOf(keys.map((key) => `P${key}`))];
  const read = (marks: string[]) => {
    const form = marks.length === 0 ? "unmarked" : "marked";
    const mark = marks.length === 0 ? [] : [marks.join(" & ")];
    if (pairs !== null) return PHRASE_SPAN[form].all(db, tsquery, pairs, ...mark, need);
    if (within !== null) return WITHIN_SPAN[form].all(db, within, ...mark, tsquery, need);
    return SPAN[column.name][form].all(db, tsquery, ...mark, need);
  };
  let ids: number[] = [];
  for (let next = nextSpan(need, newest, found); next !== null; next = nextSpan(need, newest, found)) {
    const blocks = reachesOldest(next) ? [] : [anyOf(next.blocks.map((block) => `R${next.bits}.${block}`))];
    ids = z
      .array(idRow)
      .parse(await read([...blocks, ...scope]))
      .map((row) => row.id);
    if (ids.length >= need) break;
    found = spanFound(next, newest, ids.length);
  }
  return ids;
}

// The words listed (migration 0015) from a prefix's lexeme (the one lexeme of its word, as the `words` column's
// parser and dictionary read it: to_tsquery reads a prefix word so) to the first word past every word it begins.
const wordsBeginning = statement(`SELECT p.word, array(
    SELECT DISTINCT t.term FROM memory_word_terms t WHERE t.term >= l.lexeme AND t.term < l.lexeme || U&'\\+10FFFF' ORDER BY t.term LIMIT ?
  ) AS terms
  FROM unnest(CAST(? AS text[])) AS p(word)
  CROSS JOIN LATERAL (SELECT min(u.lexeme) COLLATE "C" AS lexeme FROM unnest(to_tsvector('simple', p.word)) AS u
    HAVING count(*) = 1 AND sum(array_length(u.positions, 1)) = 1) AS l`);
const termsRow = z.object({ word: z.string(), terms: z.array(z.string()) });

/**
 * The words of the vault that each of these prefix words (lib/memory/ts-query.ts `tsPrefixWords`) begins, for those
 * beginning at most PREFIX_TERMS; a prefix word beginning more, or read as more than one lexeme, is left out.
 */
export async function prefixTerms(db: Db, words: readonly string[]): Promise<PrefixTerms> {
  if (words.length === 0) return new Map();
  const rows = z.array(termsRow).parse(await wordsBeginning.all(db, PREFIX_TERMS + 1, words));
  return new Map(rows.filter((row) => row.terms.length <= PREFIX_TERMS).map((row) => [row.word, row.terms]));
}

/**
 * The window of a search by words among the memories the caller may read (lib/memory/search-window.ts,
 * tieredWindow): the TEXT_WINDOW + 1 newest memories matching `query.words` in `search`, then, unless those fill
 * the window, matching the prefix query in `words`. That is `query.prefixes`, or what `listed` answers (the query
 * with its prefix words written as the words they begin: `prefixTerms`), asked only when the prefix tier is read:
 * a search whose whole words fill the window does not look up its prefix's words.
 */
export async function textWindow(
  db: Db,
  query: TsQuery,
  readable: ProjectScope | undefined,
  listed?: () => Promise<TsQuery>,
): Promise<TieredWindow> {
  const keys = scopeKeys(readable);
  let newest: Promise<number> | null = null;
  const newestOf = () => (newest ??= newestId.get(db).then((row) => z.coerce.number().parse(row?.id ?? 0)));
  const words = await newestMatches(db, SEARCH, query.words, keys, TEXT_WINDOW + 1, newestOf, {
    pairs: await pairsLookupOf(db, query.words),
  });
  if (query.prefixes === null || words.length > TEXT_WINDOW) return tieredWindow(words, null);
  const { prefixes, wholeTerms } = listed === undefined ? query : await listed();
  return tieredWindow(
    words,
    prefixes === null
      ? null
      : await newestMatches(db, WORDS, prefixes, keys, TEXT_WINDOW + 1, newestOf, { wholeTerms }),
  );
}

const WORD = /[\p{L}\p{N}]/u;

/**
 * The headline (cut from the content as the columns read it: memoryText) with the content's own characters
 * back in place of the spaces that stand for its marks, and `…` where it leaves out words before or after it, as
 * FTS5's snippet is. ts_headline's fragment starts and ends at a word: the punctuation the content has beyond it (a
 * closing full stop) is given back.
 */
function excerpt(content: string, headline: string): string {
  const plain = headline.replaceAll(HIGHLIGHT_START, "").replaceAll(HIGHLIGHT_END, "");
  const at = memoryText(content).indexOf(plain);
  if (at < 0) return `${ELLIPSIS}${headline}${ELLIPSIS}`;
  let next = at;
  const marked = [...headline]
    .map((char) =>
      char === HIGHLIGHT_START || char === HIGHLIGHT_END ? char : content.slice(next, (next += char.length)),
    )
    .join("");
  const before = content.slice(0, at);
  const after = content.slice(at + plain.length);
  return `${WORD.test(before) ? ELLIPSIS : before.trimStart()}${marked}${WORD.test(after) ? ELLIPSIS : after.trimEnd()}`;
}

const headlineStatement = (config: Column["config"]) =>
  statement(`SELECT m.id, m.content, ts_headline('${config}', memory_text(m.content), to_tsquery('${config}', ?),
      CASE WHEN array_length(regexp_split_to_array(btrim(m.content), '\\s+'), 1) <= ${HEADLINE_WORDS} THEN '${WHOLE}' ELSE '${HEADLINE}' END) AS headline
    FROM memories m WHERE m.id = ANY(CAST(? AS bigint[]))`);
const HEADLINES = { search: headlineStatement("english"), words: headlineStatement("simple") };
const snippetRow = z.object({ id: z.coerce.number(), content: z.string(), headline: z.string() });

/**
 * Highlighted excerpts of these memories' content: the words of `tsquery` between HIGHLIGHT_START and
 * HIGHLIGHT_END, read as the `search` column reads words (stemmed), or as the `words` column does (as written).
 */
export async function snippets(
  db: Db,
  tsquery: string,
  ids: readonly number[],
  column: Column["name"] = "search",
): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = z.array(snippetRow).parse(await HEADLINES[column].all(db, tsquery, ids));
  return new Map(rows.map((row) => [row.id, excerpt(row.content, row.headline)]));
}
