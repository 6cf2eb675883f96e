import { tCdf } from "@/lib/learn/stats";

/** Two-sided p-value of Welch's t = difference / se; with no spread at all, 1 for no difference and 0 otherwise. */
export function welchPValue(difference: number, se: number, df: number): number {
  if (se === 0) return difference === 0 ? 1 : 0;
  return Math.min(1, 2 * (1 - tCdf(Math.abs(difference / se), df)));
}
