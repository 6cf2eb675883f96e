/**
 * SQLite's `?` placeholders as PostgreSQL's `$1…$n`, leaving question marks inside string literals, quoted
 * identifiers and comments alone.
 */
export function numberedPlaceholders(sql: string): string {
  let out = "";
  let n = 0;
  let i = 0;
  while (i < sql.length) {
    const c = sql[i]!;
    if (c === "'" || c === '"') {
      const close = closingQuote(sql, i, c);
      out += sql.slice(i, close);
      i = close;
    } else if (c === "-" && sql[i + 1] === "-") {
      const close = sql.indexOf("\n", i);
      const to = close === -1 ? sql.length : close;
      out += sql.slice(i, to);
      i = to;
    } else if (c === "/" && sql[i + 1] === "*") {
      const close = sql.indexOf("*/", i + 2);
      const to = close === -1 ? sql.length : close + 2;
      out += sql.slice(i, to);
      i = to;
    } else {
      out += c === "?" ? `$${++n}` : c;
      i += 1;
    }
  }
  return out;
}

/** The index just past the quote that closes the one at `from` (a doubled quote is an escaped one). */
function closingQuote(sql: string, from: number, quote: string): number {
  let i = from + 1;
  while (i < sql.length) {
    if (sql[i] === quote) {
      if (sql[i + 1] !== quote) return i + 1;
      i += 2;
    } else i += 1;
  }
  return sql.length;
}
