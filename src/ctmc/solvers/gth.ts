/**
 * Grassmann-Taksar-Heyman state reduction on a banded generator, over any field
 * given by its operations: float64 (no subtractions, so small probabilities keep
 * full relative precision) or residues mod a prime (exact solves, see exact.ts).
 *
 * States are eliminated from the last to the first; eliminating k folds its
 * transitions into i -> j for i, j < k, which stays inside the band. The pivot
 * s_k is the total rate from k to lower states (GTH: never 1 - sum or -q_kk).
 */
import type { Band } from './band.ts';
import type { SparseGenerator } from '../explore/generator.ts';

export interface Field {
  /** acc + x * y */
  fma(acc: number, x: number, y: number): number;
  /** 1 / x, or NaN when x is not invertible (zero, or not positive in float). */
  inv(x: number): number;
}

export const floatField: Field = {
  fma: (acc, x, y) => acc + x * y,
  inv: (x) => (x > 0 ? 1 / x : NaN),
};

export interface BandMatrix extends Band {
  readonly n: number;
  /** Row i holds columns i - lower .. i + upper at data[i * width + (j - i + lower)]. */
  readonly data: Float64Array;
  readonly width: number;
}

/** The generator's off-diagonal rates in band storage, converted by `value` (rate index -> field element). */
export function toBand(g: SparseGenerator<unknown>, band: Band, value: (k: number) => number, F: Field): BandMatrix {
  const width = band.lower + band.upper + 1;
  const data = new Float64Array(g.n * width);
  for (let i = 0; i < g.n; i++) {
    for (let k = g.rowPtr[i]; k < g.rowPtr[i + 1]; k++) {
      const at = i * width + (g.col[k] - i + band.lower);
      data[at] = F.fma(data[at], value(k), 1);
    }
  }
  return { n: g.n, lower: band.lower, upper: band.upper, data, width };
}

/**
 * Overwrites `m` with its GTH reduction and returns the inverse pivots 1/s_k
 * (entry 0 unused), or null when a pivot is not invertible (float: the chain is
 * reducible; mod p: an unlucky prime). Afterwards row k left of the diagonal
 * holds q_kj / s_k and column k above it the reduced rates q_ik of stage k.
 */
export function reduceBand(m: BandMatrix, F: Field): Float64Array | null {
  const { n, lower, upper, data: a, width } = m;
  const invPivot = new Float64Array(n);
  for (let k = n - 1; k >= 1; k--) {
    const row = k * width - k + lower; // a[k][j] = a[row + j]
    const jLo = Math.max(0, k - lower);
    let s = 0;
    for (let j = jLo; j < k; j++) s = F.fma(s, a[row + j], 1);
    const inv = F.inv(s);
    if (Number.isNaN(inv)) return null;
    invPivot[k] = inv;
    for (let j = jLo; j < k; j++) a[row + j] = F.fma(0, a[row + j], inv);
    for (let i = Math.max(0, k - upper); i < k; i++) {
      const rowI = i * width - i + lower;
      const aik = a[rowI + k];
      if (aik === 0) continue;
      for (let j = jLo; j < k; j++) if (j !== i) a[rowI + j] = F.fma(a[rowI + j], aik, a[row + j]);
    }
  }
  return invPivot;
}

/**
 * Solves the balance equations (x Q)_j = -d_j for j >= 1 with x_0 given, from a
 * reduction (reduceBand). Eliminating state k turns equation j < k into itself
 * plus q_kj / s_k times equation k, so d is folded the same way (forward pass),
 * and then x_k = (d_k + sum_{i<k} x_i q_ik) / s_k (back-substitution, pushed
 * row by row so that both passes read the band contiguously).
 * `d` (length n, entry 0 unused) is overwritten; null d means d = 0.
 */
export function substitute(
  m: BandMatrix,
  invPivot: Float64Array,
  F: Field,
  x0: number,
  d: Float64Array | null,
  x: Float64Array = new Float64Array(m.n),
): Float64Array {
  const { n, lower, upper, data: a, width } = m;
  const acc = d ?? new Float64Array(n);
  if (d) {
    for (let k = n - 1; k >= 1; k--) {
      const dk = d[k];
      if (dk === 0) continue;
      const row = k * width - k + lower;
      for (let j = Math.max(1, k - lower); j < k; j++) d[j] = F.fma(d[j], dk, a[row + j]);
    }
  }
  for (let i = 0; i < n; i++) {
    const xi = i === 0 ? x0 : F.fma(0, acc[i], invPivot[i]);
    x[i] = xi;
    if (xi === 0) continue;
    const row = i * width - i + lower;
    const kHi = Math.min(n - 1, i + upper);
    for (let k = i + 1; k <= kHi; k++) acc[k] = F.fma(acc[k], xi, a[row + k]);
  }
  return x;
}

/** The unnormalised stationary vector with x_0 = 1 (reduces `m` in place), or null as for reduceBand. */
export function bandedGth(m: BandMatrix, F: Field): Float64Array | null {
  const invPivot = reduceBand(m, F);
  return invPivot && substitute(m, invPivot, F, 1, null);
}

/** Float GTH: the stationary law (sums to 1), or null if the chain is reducible. */
export function solveGth(g: SparseGenerator<number>, band: Band): Float64Array | null {
  const x = bandedGth(
    toBand(g, band, (k) => g.rate[k], floatField),
    floatField,
  );
  if (!x) return null;
  let total = 0;
  for (let i = 0; i < x.length; i++) total += x[i];
  for (let i = 0; i < x.length; i++) x[i] /= total;
  return x;
}
