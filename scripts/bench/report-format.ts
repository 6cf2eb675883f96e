/** Numbers and markdown tables for the benchmark report. */

/** A part of the report: its heading, one line saying what its figures are (empty when the heading says it), and its table. */
export type Section = [title: string, about: string, text: string];

export const fmt = (x: number, digits = 0) =>
  Number.isFinite(x)
    ? x.toLocaleString("en-US", { maximumFractionDigits: digits, minimumFractionDigits: digits })
    : "–";
export const signed = (x: number) => `${x < 0 ? "" : "+"}${fmt(x)}`;
export const ms = (x: number) => fmt(x, x < 10 ? 2 : x < 100 ? 1 : 0);
export const ratio = (x: number) => `${fmt(x, 2)}×`;
export const mb = (bytes: number) => fmt(bytes / 1024 / 1024, 1);

export function table(headers: string[], rows: string[][]): string {
  const line = (cells: string[]) => `| ${cells.join(" | ")} |`;
  return [line(headers), line(headers.map((_, i) => (i > 0 ? "---:" : "---"))), ...rows.map(line)].join("\n");
}
