/**
 * How PostgreSQL finds a search's newest matches with bounded work (db/pg/memory-search.ts runs the steps). GIN, its
 * full-text index, answers with every match of a word in no order, so "the newest 2,000 matches" of a word in half
 * the vault would read half the vault; its planner, left alone, walks the table newest first instead whenever it
 * takes a word for common, and misjudges words of 1–10% (1.4 s at 1,000,000 memories for one in 1%). So:
 *
 * 1. Walk the FIRST_WALK newest memories (in the caller's scope), checking each: enough when matches are dense.
 *    Where they are dense but not that dense (at least WALK_DENSITY of the rows read), walk once more, as far as
 *    the density says the rest lies (for 2,001 matches at most about 25,000 rows).
 * 2. Otherwise read the index over spans of ids, newest first: the blocks of 2^bits ids each memory's tsvector
 *    marks (`R<bits>.<id >> bits>`, BITS), the current block and the one before it. The first span is sized from the
 *    walk's density to hold what is needed (2^NO_HITS_BITS ids when it found none); each next one is four times
 *    wider, until one holds enough matches or covers every id. GIN intersects the word's list with a block's by
 *    skipping through the longer one, so a span costs the shorter of the two, plus reading its matches (a few times
 *    what is needed).
 */

/** Memories the first walk reads. */
export const FIRST_WALK = 4_096;
/** The density of matches (per memory read) above which walking on is cheaper than reading the index. */
export const WALK_DENSITY = 0.1;
/** Where the spans start when the walk found no match: a word absent from the newest memories is often rare. */
export const NO_HITS_BITS = 16;
/** The block sizes the tsvectors mark, as powers of two (migration 0009_memory_words_search). */
export const BITS = [12, 14, 16, 18, 20, 22];
const WIDEST_BITS = 22;

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

/** A span of ids to read through the index: these blocks of 2^bits ids. */
export interface Span {
  bits: number;
  blocks: number[];
}

const answered = (walked: Walked, need: number) => walked.hits.length >= need || walked.read < walked.asked;

/** The steps of one search for `need` newest matches. */
export function windowSteps(need: number) {
  return {
    firstWalk: FIRST_WALK,
    /** How many rows to walk next, or null to stop walking. */
    walkAgain(walked: Walked): number | null {
      if (answered(walked, need) || walked.asked !== FIRST_WALK) return null;
      const density = walked.hits.length / walked.read;
      if (density < WALK_DENSITY) return null;
      return Math.max(2 * FIRST_WALK, Math.ceil((need / density) * 1.25));
    },
    /** The spans to read in turn, or null when the walk answered. */
    spans(walked: Walked): Span[] | null {
      if (answered(walked, need)) return null;
      const range = walked.newest - walked.oldest + 1;
      const holding = walked.hits.length === 0 ? 2 ** NO_HITS_BITS : (need * range) / walked.hits.length;
      const first = BITS.findIndex((bits) => 2 ** bits >= holding);
      const out: Span[] = [];
      for (const bits of BITS.slice(first < 0 ? BITS.length - 1 : first)) {
        const block = Math.floor(walked.newest / 2 ** bits);
        out.push({ bits, blocks: block > 0 ? [block, block - 1] : [0] });
        if (block <= 1) return out;
      }
      const last = Math.floor(walked.newest / 2 ** WIDEST_BITS);
      out.push({ bits: WIDEST_BITS, blocks: Array.from({ length: last + 1 }, (_, i) => last - i) });
      return out;
    },
  };
}
