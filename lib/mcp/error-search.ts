import { errorLine, errorSignature } from "@/lib/knowledge/signature";

/** What a signature puts in place of names, paths and numbers: nothing to search for. */
const HOLE = /^(?:'…'[,.:;]?|<(?:path|hex|url)>(?::N)*[,.:;]?|N[,.:;]?|…)$/;

/**
 * The searches `search_memories` tries for `q`, in order, until one finds something: `q` as written; then, when it is
 * an error text with more than its error (a traceback, a log), the line that names the error (signature.ts
 * errorLine); then that line's stable words, without what differs from one run to the next (paths, numbers, quoted
 * names). The first is always `q`. A search ANDs its words, so a whole log finds nothing that holds only its error, and an error about
 * another module or file finds nothing by its name. A plain query stays one search.
 */
export function errorSearches(q: string): string[] {
  const line = errorLine(q);
  const signature = errorSignature(q);
  const stable =
    signature === null
      ? null
      : signature
          .split(" ")
          .filter((word) => !HOLE.test(word))
          .join(" ");
  const narrower = [line, stable].filter((s): s is string => s !== null && /[\p{L}\p{N}]/u.test(s));
  return [...new Set([q.trim(), ...narrower])];
}
