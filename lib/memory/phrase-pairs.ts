/**
 * The phrase pairs of a PostgreSQL tsquery (migration 0011_memory_phrase_pairs, made since 0013 by memory_pairs):
 * for each two lexemes a phrase needs at neighbouring positions (`'a' <-> 'b'`), the lexeme `Xa b` that every
 * memory holding them so carries in its `pairs` column, and `Ya b` for two a position apart (`'a' <2> 'b'`: a stop
 * word, which the english configuration drops, between them). Required as well as the query, they let GIN find a
 * phrase's memories without reading every memory that holds its words in another order; they never change which
 * memories match. The column also holds each word (0013_memory_path_words), so the look-up asks for the query's
 * other words there too.
 *
 * `tsquery` is the text PostgreSQL prints for one (`to_tsquery(…)::text`), whose lexemes are quoted with `'`
 * doubled and `\` escaped. Only a pair joined by `<->` or `<2>` alone counts: not one with a prefix lexeme (`:*`), a
 * negation or an alternative in the query (`!`, `|`), or a parenthesis between them, where the two need not be so
 * near.
 */

const PART = /'((?:[^'\\]|''|\\.)*)'(?::([*A-D]+))?|<->|<\d+>|[&|!()]/g;

type Part = { lexeme: string; prefix: boolean } | { operator: string };

function parts(tsquery: string): Part[] {
  return [...tsquery.matchAll(PART)].map((match) => {
    if (match[1] === undefined) return { operator: match[0] };
    const lexeme = match[1].replaceAll("''", "'").replace(/\\(.)/g, "$1");
    return { lexeme, prefix: match[2]?.includes("*") ?? false };
  });
}

/** The mark of a pair by the operator between its lexemes: neighbours, or one position apart. */
const DISTANCE_MARKS: Record<string, string> = { "<->": "X", "<2>": "Y" };

/**
 * What a phrase's look-up asks the `pairs` column for (migration 0013_memory_path_words, which adds every stemmed
 * word of a memory to it, without weights): the pairs (unquoted) that `tsquery`'s phrases need, and each of its other
 * whole lexemes, which a query with pairs needs as well (it has no alternative or negation), so that GIN starts from
 * the rarest of them all. None when `tsquery` has no pair, or may match otherwise.
 */
export function pairsLookup(tsquery: string): string[] {
  const all = parts(tsquery);
  if (all.some((part) => "operator" in part && (part.operator === "|" || part.operator === "!"))) return [];
  const pairs = new Set<string>();
  const paired = new Set<number>();
  all.forEach((part, i) => {
    const [next, after] = [all[i + 1], all[i + 2]];
    const mark = next !== undefined && "operator" in next ? DISTANCE_MARKS[next.operator] : undefined;
    if (!("lexeme" in part) || part.prefix || mark === undefined) return;
    if (after === undefined || !("lexeme" in after) || after.prefix) return;
    pairs.add(`${mark}${part.lexeme} ${after.lexeme}`);
    paired.add(i).add(i + 2);
  });
  if (pairs.size === 0) return [];
  const others = all.flatMap((part, i) => ("lexeme" in part && !part.prefix && !paired.has(i) ? [part.lexeme] : []));
  return [...pairs, ...new Set(others)];
}

/** `pairs` as a tsquery literal that needs all of them (read as written: cast, not parsed by a configuration). */
export const allOf = (pairs: string[]) =>
  pairs.map((pair) => `'${pair.replaceAll("\\", "\\\\").replaceAll("'", "''")}'`).join(" & ");
