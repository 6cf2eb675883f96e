/** Milliseconds in a duration such as "1h30m" (units d, h, m, s). */
export function parseDuration(text) {
  throw new Error(`not implemented: ${text}`);
}
