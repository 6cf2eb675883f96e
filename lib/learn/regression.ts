import { tQuantile } from "@/lib/learn/stats";

/**
 * Least squares fitted on cells instead of sessions: every session of a cell shares its covariate vector, so
 * X'X, X'y and each cell's residual sum of squares follow from the cell's n, Σy and Σy² alone (a cell with
 * mean fit μ has Σ(y − μ)² = Σy² − 2μΣy + nμ²). That lets guidance fit a regression over a project's whole
 * history from a few hundred trigger-kept rows.
 *
 * The standard error of the coefficient asked for is the larger of the heteroscedasticity-consistent one (HC3:
 * each residual scaled by 1/(1 − leverage), leverage being constant within a cell), because success scores are
 * bounded and their spread differs between groups, and the conventional one (residual variance × (X'X)⁻¹),
 * because a robust standard error that rests on a few influential sessions is itself too small too often; the
 * interval uses Student's t with n − rank degrees of freedom. Columns that
 * are constant zero or a combination of earlier ones (a behaviour state no session has, one level too many)
 * are dropped in order; when the coefficient asked for is itself such a combination it is not estimable.
 */

export interface Cell {
  /** Covariate values, one per column, the same columns for every cell. */
  x: readonly number[];
  n: number;
  sum: number;
  sumSq: number;
}

export interface CoefficientFit {
  estimate: number;
  se: number;
  /** Residual degrees of freedom: sessions − rank. */
  df: number;
  /** The columns kept (not aliased), in order. */
  kept: number[];
}

/** Relative size below which a column's remainder after the earlier ones counts as zero. */
const ALIASED = 1e-9;

/**
 * Cholesky factor of X'X over the columns that are neither zero nor a combination of earlier kept ones (a column
 * whose remainder after the kept ones is below ALIASED of its size is skipped), and the inverse over those columns.
 */
function keptInverse(xtx: readonly number[][]): { kept: number[]; inv: number[][] } {
  const kept: number[] = [];
  const l: number[][] = [];
  for (let j = 0; j < xtx.length; j++) {
    const diagonal = xtx[j]![j]!;
    if (!(diagonal > 0)) continue;
    const row: number[] = [];
    for (let k = 0; k < kept.length; k++) {
      let s = xtx[j]![kept[k]!]!;
      for (let m = 0; m < k; m++) s -= row[m]! * l[k]![m]!;
      row.push(s / l[k]![k]!);
    }
    const remainder = diagonal - row.reduce((s, v) => s + v * v, 0);
    if (!(remainder > ALIASED * diagonal)) continue;
    row.push(Math.sqrt(remainder));
    kept.push(j);
    l.push(row);
  }
  const p = kept.length;
  // L⁻¹ by forward substitution, then (X'X)⁻¹ = L⁻ᵀ L⁻¹.
  const li = Array.from({ length: p }, () => new Array<number>(p).fill(0));
  for (let c = 0; c < p; c++) {
    for (let i = c; i < p; i++) {
      let s = i === c ? 1 : 0;
      for (let k = c; k < i; k++) s -= l[i]![k]! * li[k]![c]!;
      li[i]![c] = s / l[i]![i]!;
    }
  }
  const inv = Array.from({ length: p }, () => new Array<number>(p).fill(0));
  for (let i = 0; i < p; i++) {
    for (let j = 0; j <= i; j++) {
      let s = 0;
      for (let k = i; k < p; k++) s += li[k]![i]! * li[k]![j]!;
      inv[i]![j] = s;
      inv[j]![i] = s;
    }
  }
  return { kept, inv };
}

/**
 * The least-squares coefficient of column `column` with its HC3 standard error; null when there are no
 * residual degrees of freedom or the column is not estimable (constant zero, or a combination of the others).
 */
export function fitCoefficient(cells: readonly Cell[], column: number): CoefficientFit | null {
  const p = cells[0]?.x.length ?? 0;
  if (column < 0 || column >= p) return null;
  // The coefficient asked for goes last, so that it is the one dropped when it is a combination of the others.
  const order = [...Array.from({ length: p }, (_, j) => j).filter((j) => j !== column), column];
  // Each cell's non-zero covariates, by position in `order` (cells are mostly indicators: few are non-zero).
  const sparse = cells
    .filter((c) => c.n > 0)
    .map((c) => {
      const at: number[] = [];
      const value: number[] = [];
      for (let i = 0; i < p; i++) {
        const v = c.x[order[i]!]!;
        if (v !== 0) {
          at.push(i);
          value.push(v);
        }
      }
      return { c, at, value };
    });
  const xtx = order.map(() => new Array<number>(p).fill(0));
  const xty = new Array<number>(p).fill(0);
  let sessions = 0;
  for (const { c, at, value } of sparse) {
    sessions += c.n;
    for (let a = 0; a < at.length; a++) {
      const i = at[a]!;
      xty[i] = xty[i]! + value[a]! * c.sum;
      const row = xtx[i]!;
      for (let b = 0; b < at.length; b++) row[at[b]!] = row[at[b]!]! + c.n * value[a]! * value[b]!;
    }
  }
  const { kept, inv } = keptInverse(xtx);
  if (kept.at(-1) !== p - 1) return null;
  const df = sessions - kept.length;
  if (df < 1) return null;
  const beta = inv.map((row) => row.reduce((s, v, k) => s + v * xty[kept[k]!]!, 0));
  const position = new Array<number>(p).fill(-1);
  kept.forEach((k, i) => (position[k] = i));
  const target = inv[kept.length - 1]!;
  let variance = 0;
  let residual = 0;
  for (const { c, at, value } of sparse) {
    let fit = 0;
    let weight = 0;
    let leverage = 0;
    for (let a = 0; a < at.length; a++) {
      const i = position[at[a]!]!;
      if (i < 0) continue;
      fit += value[a]! * beta[i]!;
      weight += value[a]! * target[i]!;
      for (let b = 0; b < at.length; b++) {
        const j = position[at[b]!]!;
        if (j >= 0) leverage += value[a]! * inv[i]![j]! * value[b]!;
      }
    }
    const rss = Math.max(0, c.sumSq - 2 * fit * c.sum + c.n * fit * fit);
    residual += rss;
    const room = 1 - leverage;
    if (rss === 0 || !(room > ALIASED)) continue;
    variance += (weight * weight * rss) / (room * room);
  }
  const conventional = (residual / df) * target[kept.length - 1]!;
  return {
    estimate: beta[kept.length - 1]!,
    se: Math.sqrt(Math.max(variance, conventional)),
    df,
    kept: kept.map((k) => order[k]!),
  };
}

/** The two-sided interval of a fitted coefficient at `level`. */
export function coefficientInterval(
  fit: Pick<CoefficientFit, "estimate" | "se" | "df">,
  level = 0.95,
): { low: number; high: number } {
  if (fit.se === 0) return { low: fit.estimate, high: fit.estimate };
  const t = tQuantile(1 - (1 - level) / 2, fit.df);
  return { low: fit.estimate - t * fit.se, high: fit.estimate + t * fit.se };
}
