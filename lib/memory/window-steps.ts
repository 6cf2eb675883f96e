/**
 * How PostgreSQL finds a search's newest matches with bounded work (db/pg/memory-search.ts runs the steps). GIN, its
 * full-text index, answers with every match of a word in no order, so "the newest 2,000 matches" of a word in half
 * the vault would read half the vault; its planner, left alone, walks the table newest first instead whenever it
 * takes a word for common, and misjudges words of 1–10% (1.4 s at 1,000,000 memories for one in 1%). So the index
 * is read over spans of ids, newest first, each a few blocks of 2^bits ids as every memory's tsvectors mark them
 * (`R<bits>.<id >> bits>`, BITS): GIN intersects the word's list with a block's by skipping through the longer one,
 * so a span costs the shorter of the two, plus reading its matches. The first span is the newest FIRST_SPAN ids;
 * each next one is sized from the matches found so far to hold what is needed with a margin, and is at least four
 * times wider (sixteen after none), until one holds enough or covers every id.
 *
 * A prefix word is different: GIN reads every match of every word it begins before anything else, whatever the
 * span. Where it begins few words of the vault (fts-query.ts PREFIX_TERMS, listed in migration 0015's table), the query names
 * those words instead (ts-query.ts `terms`), and is read as whole words are. Otherwise its search first walks the FIRST_WALK newest memories (in the caller's scope), checking each, which is
 * enough when its matches are dense; where they are dense enough that walking to the rest is cheaper than reading
 * them all (`walkAgain`), it walks once more, as far as their density says; then spans, sized from the walk. Where
 * the query has whole words beside its prefix words, and the walk saw them hardly more often than the whole query
 * (`readWithin`), each span is read through the whole words alone and its memories checked for the rest.
 */

/** Memories a prefix's first walk reads. */
export const FIRST_WALK = 4_096;
/** Ids of the first span. */
export const FIRST_SPAN = 4_096;
/** How much wider the next span is after one without a match: a word absent from the newest memories is often rare. */
const NO_HITS_GROWTH = 16;
const SMALLEST_BITS = 12;
/** The block sizes the tsvectors mark, as powers of two (migration 0009_memory_words_search), smallest first. */
const BITS = [SMALLEST_BITS, 14, 16, 18, 20, 22];
/** A span is written as at least this many blocks of the largest size that allows it (and so at most about four times as many). */
const MIN_BLOCKS = 3;
/** Reading a memory on a walk costs about as much as this many postings of a prefix's words read by GIN (measured at 1,000,000). */
const WALK_COST = 2;
/**
 * A span is read through a query's whole words alone when they match at most this many times as many memories as
 * the whole query on its walk; with no match of the whole query, when they match at most this many memories.
 */
const WITHIN_RATIO = 4;

/** A span of ids to read through the index: these blocks of 2^bits ids, newest first. */
export interface Span {
  bits: number;
  blocks: number[];
}

/** The blocks covering the ids from `newest - size` (0 at the least) to `newest`. */
export function span(newest: number, size: number): Span {
  const from = Math.max(0, newest - size);
  const bits = [...BITS].reverse().find((b) => (newest - from) / 2 ** b >= MIN_BLOCKS) ?? SMALLEST_BITS;
  const last = Math.floor(newest / 2 ** bits);
  const first = Math.floor(from / 2 ** bits);
  return { bits, blocks: Array.from({ length: last - first + 1 }, (_, i) => last - i) };
}

/**
 * Whether `s` reaches the oldest ids: its blocks then hold every memory up to the newest, and the index is read
 * without them. A span that wide is written in the largest blocks, whose lists GIN reads whole: "slotcart", in 2,872
 * of 1,000,000 memories, took 6.7 ms to find through four blocks of 2^18 ids and 0.9 ms alone.
 */
export const reachesOldest = (s: Span) => s.blocks.at(-1) === 0;

/** The ids from the oldest block of `s` to `newest`. */
const spanned = (s: Span, newest: number) => newest - (s.blocks.at(-1) ?? 0) * 2 ** s.bits + 1;

/** What a search found so far: matches among the newest ids. */
export interface Found {
  hits: number;
  ids: number;
}

/** What a walk of the newest memories found. */
export interface Walked {
  /** The matching ids, newest first. */
  hits: number[];
  /** The newest and oldest ids read (0 when none). */
  newest: number;
  oldest: number;
  /** Rows read, and asked for: fewer read than asked means every memory in scope was read. */
  read: number;
  asked: number;
}

/** The walk holds the answer: enough matches, or every memory in scope. */
export const walkAnswered = (walked: Walked, need: number) => walked.hits.length >= need || walked.read < walked.asked;

/** What a walk found, for sizing the spans after it. */
export const walkFound = (walked: Walked): Found => ({
  hits: walked.hits.length,
  ids: walked.newest - walked.oldest + 1,
});

/**
 * How many rows a prefix's search walks next, or null to stop walking. Its matches cost GIN about their number
 * (density × newest id), and a walk WALK_COST × need / density: it walks on where that is cheaper.
 */
export function walkAgain(walked: Walked, need: number): number | null {
  if (walkAnswered(walked, need) || walked.asked !== FIRST_WALK) return null;
  const density = walked.hits.length / walked.read;
  if (density === 0 || (WALK_COST * need) / density > density * walked.newest) return null;
  return Math.max(2 * FIRST_WALK, Math.ceil((need / density) * 1.25));
}

/**
 * Whether the spans of a search with whole words beside its prefix words read the index through the whole words
 * alone, each memory then checked for the whole query, given the walk's matches of the whole words (`wholeHits`):
 * only where those are few beside the query's own, since each is read and checked. Otherwise GIN reads every match
 * of the prefix words' words for each span, which costs the same however few the whole words' matches are.
 */
export const readWithin = (walked: Walked, wholeHits: number): boolean =>
  wholeHits <= WITHIN_RATIO * Math.max(walked.hits.length, 1);

/**
 * The next span to read for `need` matches among ids up to `newest`, after `found` (null: nothing read yet); null
 * when the last span covered every id.
 */
export function nextSpan(need: number, newest: number, found: Found | null): Span | null {
  if (found === null) return span(newest, FIRST_SPAN);
  if (found.ids >= newest) return null;
  const holding = found.hits === 0 ? NO_HITS_GROWTH * found.ids : (1.25 * need * found.ids) / found.hits;
  return span(newest, Math.max(4 * found.ids, holding));
}

/** What a span found. */
export const spanFound = (s: Span, newest: number, hits: number): Found => ({ hits, ids: spanned(s, newest) });
