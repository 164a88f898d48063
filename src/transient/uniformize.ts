/**
 * Transient laws of a finite CTMC by uniformization (Jensen's method): with q at
 * least every exit rate and P = I + Q/q (a stochastic matrix),
 *   p(t + h) = sum_k Poisson(k; q h) p(t) P^k,
 * the sum cut to the Poisson window of poisson.ts. Every term is >= 0, so the
 * computed law is below the exact one entrywise and short of it by at most the
 * left-out Poisson mass; P is a contraction in L1, so the shortfalls of
 * successive steps add: after the steps to t, ||p(t) - p~(t)||_1 <= the sum of
 * the steps' tail bounds. Output times are reached one after another, each step
 * starting from the last one's law. States flagged `absorbing` keep their mass
 * (their row of P is the identity).
 */
import type { SparseGenerator } from '../ctmc/generator.ts';
import { poissonWindow } from './poisson.ts';

export interface UniformizedStep {
  /** The time reached. */
  readonly t: number;
  /** The law at t (a view of a buffer reused by the next step: copy what is kept). */
  readonly law: Float64Array;
  /** Bound on ||p(t) - law||_1 from the Poisson windows so far. */
  readonly error: number;
}

export interface UniformizeOptions {
  /** Output times, increasing, >= 0. */
  times: readonly number[];
  /** Budget for the bound on ||p(t) - p~(t)||_1 at the last time, shared by the steps. */
  epsilon: number;
  /** Called at each output time, in order. */
  onTime(step: UniformizedStep): void;
  /** Called now and then with the fraction of the work done. */
  onProgress?(fraction: number): void;
}

export interface UniformizeEvidence {
  /** The uniformization rate q (the largest exit rate of a non-absorbing state). */
  rate: number;
  /** Sparse matrix-vector products P x done. */
  products: number;
  /** Bound on ||p(t) - p~(t)||_1 at the last time. */
  error: number;
}

/** Off-diagonal entries of P (rate / q, 0 on absorbing rows) and its diagonal 1 - exit/q (1 on absorbing rows). */
function uniformized(g: SparseGenerator<number>, absorbing: Uint8Array): { q: number; offDiagonal: Float64Array; diagonal: Float64Array } {
  const exit = new Float64Array(g.n);
  let q = 0;
  for (let i = 0; i < g.n; i++) {
    if (absorbing[i]) continue;
    let s = 0;
    for (let e = g.rowPtr[i]; e < g.rowPtr[i + 1]; e++) s += g.rate[e];
    exit[i] = s;
    if (s > q) q = s;
  }
  const offDiagonal = new Float64Array(g.rowPtr[g.n]);
  const diagonal = new Float64Array(g.n);
  for (let i = 0; i < g.n; i++) {
    diagonal[i] = q > 0 ? 1 - exit[i] / q : 1;
    if (absorbing[i]) continue;
    for (let e = g.rowPtr[i]; e < g.rowPtr[i + 1]; e++) offDiagonal[e] = g.rate[e] / q;
  }
  return { q, offDiagonal, diagonal };
}

/** out = x P (x's zero entries skipped: early on, a law from one state is mostly zeros). */
function multiply(g: SparseGenerator<number>, offDiagonal: Float64Array, diagonal: Float64Array, x: Float64Array, out: Float64Array): void {
  const { rowPtr, col } = g;
  for (let i = 0; i < g.n; i++) out[i] = x[i] * diagonal[i];
  for (let i = 0; i < g.n; i++) {
    const xi = x[i];
    if (xi === 0) continue;
    for (let e = rowPtr[i]; e < rowPtr[i + 1]; e++) out[col[e]] += xi * offDiagonal[e];
  }
}

/** Advances `start` (a law on g's states) through the output times, calling onTime at each. */
export function uniformize(g: SparseGenerator<number>, absorbing: Uint8Array, start: Float64Array, o: UniformizeOptions): UniformizeEvidence {
  const { q, offDiagonal, diagonal } = uniformized(g, absorbing);
  const last = o.times.length ? o.times[o.times.length - 1] : 0;
  let law = Float64Array.from(start);
  let sum = new Float64Array(g.n);
  let term = new Float64Array(g.n);
  let next = new Float64Array(g.n);
  let now = 0;
  let error = 0;
  let products = 0;
  for (const t of o.times) {
    const a = q * (t - now);
    if (a > 0) {
      // The budget shared in proportion to the step's length: the bound at t is epsilon * t / last.
      const window = poissonWindow(a, (o.epsilon * (t - now)) / last);
      const right = window.left + window.weights.length - 1;
      term.set(law);
      sum.fill(0);
      for (let k = 0; k <= right; k++) {
        if (k >= window.left) {
          const w = window.weights[k - window.left];
          for (let i = 0; i < g.n; i++) sum[i] += w * term[i];
        }
        if (k < right) {
          multiply(g, offDiagonal, diagonal, term, next);
          [term, next] = [next, term];
          products++;
          if ((products & 63) === 0) o.onProgress?.((now + ((t - now) * k) / right) / last);
        }
      }
      [law, sum] = [sum, law];
      error += window.tailBound;
      now = t;
    }
    o.onTime({ t, law, error });
    o.onProgress?.(last > 0 ? t / last : 1);
  }
  return { rate: q, products, error };
}
