/** Small wording helpers shared by the distillation passes. */

/** "code_development" → "code development". */
export function domainLabel(domain: string): string {
  return domain.replaceAll(/[_-]+/g, " ").trim();
}

/** "+25" / "−3" / "0": a signed whole number with a typographic minus. */
export function signed(x: number): string {
  const r = Math.round(x);
  if (r === 0) return "0";
  return r > 0 ? `+${r}` : `\u2212${-r}`;
}

export function percent(rate: number): string {
  return `${Math.round(rate * 100)}%`;
}

/** One decimal below 10, whole numbers above: 2.3, 58. */
export function amount(x: number): string {
  return x < 10 ? (Math.round(x * 10) / 10).toString() : Math.round(x).toString();
}

export function capitalize(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** Two-sided Bonferroni level for `m` comparisons at a family-wise 95%. */
export function familyLevel(m: number): number {
  return 1 - 0.05 / Math.max(1, m);
}

/** "a", "a and b", "a, b and c". */
export function listing(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}
