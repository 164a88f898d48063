/**
 * Reading an expansion off an exact sequence: with values E_N at sizes N and
 * the limit pi known, E_N - pi = c_1/N + ... + c_k/N^k + O(1/N^(k+1)) fitted
 * through the last k sizes (Richardson extrapolation, as polynomial
 * interpolation in 1/N) gives c_1 ~ V and c_2 ~ A; the change of the
 * estimates between k - 1 and k terms measures the fit's own error. And the
 * rate at which an error falls: the least-squares slope of log|e| in log N.
 */
import { solveDense } from '../core/dense-solve.ts';

/** c_1..c_k with E_N - pi = sum_j c_j / N^j exactly at the last k sizes. */
export function richardson(sizes: readonly number[], values: readonly number[], pi: number, k: number): number[] {
  if (k > sizes.length) throw new Error(`${k} terms need ${k} sizes, got ${sizes.length}`);
  const Ns = sizes.slice(-k);
  const ys = values.slice(-k).map((v) => v - pi);
  return solveDense(
    Ns.map((N) => Array.from({ length: k }, (_, j) => 1 / N ** (j + 1))),
    ys,
  );
}

export interface RichardsonEstimate {
  readonly V: number;
  readonly A: number;
  /** |change| of each estimate between k - 1 and k terms: the fit's error bar. */
  readonly spreadV: number;
  readonly spreadA: number;
  readonly terms: number;
}

/** V and A from the k-term fit, with the change from the (k - 1)-term fit as error bar (k >= 3). */
export function richardsonVA(sizes: readonly number[], values: readonly number[], pi: number, k: number): RichardsonEstimate {
  const hi = richardson(sizes, values, pi, k);
  const lo = richardson(sizes, values, pi, k - 1);
  return { V: hi[0], A: hi[1], spreadV: Math.abs(hi[0] - lo[0]), spreadA: Math.abs(hi[1] - lo[1]), terms: k };
}

/** p with |e(N)| ~ C / N^p: minus the least-squares slope of log|e| against log N. */
export function fittedExponent(sizes: readonly number[], errors: readonly number[]): number {
  const xs = sizes.map(Math.log);
  const ys = errors.map((e) => Math.log(Math.abs(e)));
  const mx = xs.reduce((a, b) => a + b, 0) / xs.length;
  const my = ys.reduce((a, b) => a + b, 0) / ys.length;
  let sxy = 0;
  let sxx = 0;
  xs.forEach((x, i) => {
    sxy += (x - mx) * (ys[i] - my);
    sxx += (x - mx) ** 2;
  });
  return -sxy / sxx;
}
