/**
 * Iterant recombination (De Sterck, Miller & Sanders 2011) for the iterative
 * solver's driver: of the last few cycle outputs x_k with residual vectors d_k
 * (the Jacobi corrections of convergence.ts, linear in x), find
 * x = sum_k c_k x_k with sum_k c_k = 1 minimising ||sum_k c_k d_k||_2, and keep
 * it only if its residual in the convergence rule's norm is certainly below the
 * plain cycle output's.
 */
import { solveDense } from '../../core/dense-solve.ts';
import { FLOOR } from './iterative-cycle.ts';

/**
 * Relative ridge on the Gram matrix's diagonal: the residuals of successive cycles
 * are nearly parallel once the error is dominated by one slow mode, and the ridge
 * (about 450 machine epsilons) keeps the small solve regular without moving c visibly.
 */
const RIDGE = 1e-13;

function dot(a: Float64Array, b: Float64Array): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i] * b[i];
  return s;
}

/** c minimising c^T G c subject to sum c = 1: c = G^{-1} 1 / (1^T G^{-1} 1); null if G is singular (a zero pivot leaves c non-finite). */
function affineMinimizer(G: number[][]): number[] | null {
  const c = solveDense(
    G.map((row, i) => row.map((v, j) => (i === j ? v * (1 + RIDGE) : v))),
    G.map(() => 1),
  );
  const total = c.reduce((p, q) => p + q, 0);
  return Number.isFinite(total) && total !== 0 ? c.map((v) => v / total) : null;
}

/** The last few cycle outputs with their residual vectors and Gram matrix, for recombination. */
export class History {
  private readonly xs: Float64Array[] = [];
  private readonly rs: Float64Array[] = [];
  private gram: number[][] = [];
  private readonly spare: [Float64Array, Float64Array][] = [];

  constructor(
    private readonly n: number,
    private readonly capacity: number,
  ) {}

  push(x: Float64Array, r: Float64Array): void {
    if (this.xs.length === this.capacity) this.drop(1);
    const [bx, br] = this.spare.pop() ?? [new Float64Array(this.n), new Float64Array(this.n)];
    bx.set(x);
    br.set(r);
    this.xs.push(bx);
    this.rs.push(br);
    const dots = this.rs.map((ri) => dot(ri, br));
    this.gram.forEach((row, i) => row.push(dots[i]));
    this.gram.push(dots);
  }

  /** Keeps only the newest entry. */
  reset(): void {
    this.drop(this.xs.length - 1);
  }

  /**
   * Writes the recombination into `out` and returns true when its residual
   * ||d||_1 is certainly below `current`: d is linear in x, so sum c_k d_k is its
   * residual, up to the entries raised to FLOOR (raising x_j by e changes ||d||_1
   * by at most e raiseCost()[j]; raiseCost is called when an entry is first raised)
   * and the renormalisation (a division by the sum).
   */
  recombine(out: Float64Array, raiseCost: () => Float64Array, current: number): boolean {
    if (this.xs.length < 2) return false;
    const c = affineMinimizer(this.gram);
    if (c === null) return false;
    const { xs, rs } = this;
    let cost: Float64Array | undefined;
    let predicted = 0;
    let raised = 0;
    let sum = 0;
    for (let j = 0; j < this.n; j++) {
      let x = 0;
      let r = 0;
      for (let k = 0; k < c.length; k++) {
        x += c[k] * xs[k][j];
        r += c[k] * rs[k][j];
      }
      if (!(x > FLOOR)) {
        raised += (FLOOR - x) * (cost ??= raiseCost())[j];
        x = FLOOR;
      }
      out[j] = x;
      sum += x;
      predicted += Math.abs(r);
    }
    if (!((predicted + raised) / sum < current)) return false;
    for (let j = 0; j < this.n; j++) out[j] /= sum;
    return true;
  }

  private drop(count: number): void {
    for (let k = 0; k < count; k++) this.spare.push([this.xs.shift()!, this.rs.shift()!]);
    this.gram = this.gram.slice(count).map((row) => row.slice(count));
  }
}
