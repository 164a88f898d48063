/**
 * Transient laws of a finite CTMC by uniformization (Jensen's method): with q at
 * least every exit rate and P = I + Q/q (a stochastic matrix),
 *   p(t + h) = sum_k Poisson(k; q h) p(t) P^k,
 * the sum cut to the Poisson window of poisson.ts. Every term is >= 0, so the
 * computed law is below the exact one entrywise and short of it by at most the
 * left-out Poisson mass. The output times are taken in passes: within a pass
 * every time's law is a sum over the same powers p(t0) P^k, t0 where the pass
 * starts; a pass starts from the last law of the one before, and since P is a
 * contraction in L1 the shortfalls add: ||p(t) - p~(t)||_1 <= the tail bounds
 * of the passes before plus t's own. States flagged `absorbing` keep their mass
 * (their row of P is the identity).
 */
import type { SparseGenerator } from '../ctmc/explore/generator.ts';
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

/**
 * How many output times share one pass of the series (one accumulator of the
 * chain's size each): as many as 2^23 doubles (64 MB) hold, at least one.
 * Within a pass the powers p P^k are formed once and every time's window takes
 * its terms; stepping time by time instead forms each short step's window head
 * again (jsq-d N = 8, 51 times to t = 5: 900 products, against some 130).
 */
const ACCUMULATOR_DOUBLES = 2 ** 23;

/** Advances `start` (a law on g's states) through the output times, calling onTime at each. */
export function uniformize(g: SparseGenerator<number>, absorbing: Uint8Array, start: Float64Array, o: UniformizeOptions): UniformizeEvidence {
  const { q, offDiagonal, diagonal } = uniformized(g, absorbing);
  const times = o.times;
  const last = times.length ? times[times.length - 1] : 0;
  const perPass = Math.max(1, Math.min(times.length, Math.floor(ACCUMULATOR_DOUBLES / Math.max(1, g.n))));
  const sums = Array.from({ length: perPass }, () => new Float64Array(g.n));
  let term = new Float64Array(g.n);
  let next = new Float64Array(g.n);
  const law = Float64Array.from(start);
  let now = 0;
  let carried = 0; // the error bound of `law`
  let products = 0;
  for (let first = 0; first < times.length; first += perPass) {
    const pass = times.slice(first, first + perPass);
    const end = pass[pass.length - 1];
    // The budget shared in proportion to the pass's length: the bound at t is at most epsilon * t / last.
    const budget = last > 0 ? (o.epsilon * (end - now)) / last : o.epsilon;
    const windows = pass.map((t) => poissonWindow(q * (t - now), budget));
    const right = Math.max(...windows.map((w) => w.left + w.weights.length - 1));
    for (const sum of sums) sum.fill(0);
    term.set(law);
    for (let k = 0; k <= right; k++) {
      windows.forEach((w, j) => {
        if (k < w.left || k >= w.left + w.weights.length) return;
        const weight = w.weights[k - w.left];
        const sum = sums[j];
        for (let i = 0; i < g.n; i++) sum[i] += weight * term[i];
      });
      if (k < right) {
        multiply(g, offDiagonal, diagonal, term, next);
        [term, next] = [next, term];
        products++;
        if ((products & 63) === 0) o.onProgress?.((now + ((end - now) * k) / right) / last);
      }
    }
    pass.forEach((t, j) => o.onTime({ t, law: sums[j], error: carried + windows[j].tailBound }));
    o.onProgress?.(last > 0 ? end / last : 1);
    law.set(sums[pass.length - 1]);
    carried += windows[pass.length - 1].tailBound;
    now = end;
  }
  return { rate: q, products, error: carried };
}
