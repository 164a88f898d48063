/**
 * A bound on the error ||pi - pi*||_1 of an approximate stationary law of a
 * small chain, from its residual and the chain's computed condition.
 *
 * With r = pi Q (so r 1 = 0) and e = pi - pi* (so e 1 = 0), e Q = r, hence
 * e = r Q#, Q# the group inverse of Q (Q Q# = I - 1 pi*; Meyer 1975). Writing
 * r = d D, d the Jacobi correction d_j = r_j / q_j (convergence.ts) and
 * D = diag(q_j):
 *   ||e||_1 <= ||d||_1 * max_j q_j ||row_j(Q#)||_1 = ||d||_1 * kappa.
 * Row j of Q# solves x Q = e_j - pi*, x 1 = 0: one substitution on a GTH
 * reduction of Q each (gth.ts substitute), n^3 multiply-adds in all, which is
 * nothing on a chain of DIRECT_LIMIT states. The computed ||d||_1 is raised by
 * the rounding of its own evaluation, 2 (m + 3) epsilon (m the largest number
 * of incoming transitions: each d_j sums them with relative error m epsilon,
 * its weights and the subtraction add one epsilon each, and sum_j (s_j + x_j) = 2).
 */
import { floatField, reduceBand, substitute, type BandMatrix } from './gth.ts';

/** A chain by incoming transitions (iterative-coarsening.ts Level with its rates). */
export interface IncomingChain {
  readonly n: number;
  readonly inPtr: Int32Array;
  readonly inSrc: Int32Array;
  readonly inRate: Float64Array;
  /** q_j, the exit rate. */
  readonly exit: Float64Array;
}

/** kappa = max_j q_j ||row_j(Q#)||_1 of an irreducible chain with stationary law pi (sums to 1); NaN when the reduction fails. */
export function residualCondition(c: IncomingChain, pi: Float64Array): number {
  const n = c.n;
  if (n === 1) return 0;
  const width = 2 * n - 1;
  const m: BandMatrix = { n, lower: n - 1, upper: n - 1, width, data: new Float64Array(n * width) };
  for (let j = 0; j < n; j++) {
    for (let p = c.inPtr[j]; p < c.inPtr[j + 1]; p++) {
      const i = c.inSrc[p];
      m.data[i * width + (j - i + n - 1)] += c.inRate[p];
    }
  }
  const invPivot = reduceBand(m, floatField);
  if (!invPivot) return NaN;
  const d = new Float64Array(n);
  const x = new Float64Array(n);
  let kappa = 0;
  for (let j = 0; j < n; j++) {
    // (x Q)_k = -d_k for k >= 1: d_k = pi_k - [k = j] gives x Q = e_j - pi (equation 0 follows: both sides sum to 0).
    for (let k = 0; k < n; k++) d[k] = pi[k] - (k === j ? 1 : 0);
    substitute(m, invPivot, floatField, 0, d, x);
    let sum = 0;
    for (let k = 0; k < n; k++) sum += x[k];
    let row = 0;
    for (let k = 0; k < n; k++) row += Math.abs(x[k] - sum * pi[k]); // the solution with x 1 = 0
    kappa = Math.max(kappa, c.exit[j] * row);
  }
  return kappa;
}

/** The rounding of a computed ||d||_1 (see the header): 2 (m + 3) epsilon, m the most incoming transitions of a state. */
export function residualRounding(c: Pick<IncomingChain, 'n' | 'inPtr'>): number {
  let most = 0;
  for (let j = 0; j < c.n; j++) most = Math.max(most, c.inPtr[j + 1] - c.inPtr[j]);
  return 2 * (most + 3) * Number.EPSILON;
}

/** The bound kappa (||d||_1 + its rounding) on ||pi - pi*||_1; Infinity when the condition cannot be computed. */
export function residualErrorBound(c: IncomingChain, pi: Float64Array, residual: number): number {
  const kappa = residualCondition(c, pi);
  return Number.isFinite(kappa) ? kappa * (residual + residualRounding(c)) : Infinity;
}
