/**
 * p-adic (Dixon) lifting of the stationary vector of an integer generator.
 *
 * Unknown: X = pi / pi_0 (X_0 = 1), a rational vector with (X Q)_j = 0 for
 * j >= 1 (equation 0 is implied). One GTH reduction of Q mod p factors the
 * system; then with r_0 = 0 each step k solves y_k Q = r_k (mod p), with
 * (y_k)_0 = 1 for k = 0 and 0 after, and sets r_{k+1} = (r_k - y_k Q) / p,
 * an exact integer division. Summing, (sum_{k<K} p^k y_k) Q = -p^K r_K on
 * columns j >= 1, so sum_{k<K} p^k y_k = X mod p^K (Dixon 1982). A step costs
 * one back-substitution and one sparse product, not an elimination.
 *
 * Everything is in doubles: residues < p < 2^26 (see core/modular.ts), and with
 * C = max_j sum_i |q_ij| (column absolute sums, diagonal included) induction
 * gives |r_k| <= C and every partial sum of r_k - y_k Q below p * C; callers
 * pick p with p * C <= 2^53 (liftingPrimeLimit), so the residual is exact.
 */
import { fmaMod, invMod, PRIME_BITS } from '../../core/modular.ts';
import type { Band } from './band.ts';
import type { SparseGenerator } from '../explore/generator.ts';
import type { ModularVector } from './rational-reconstruction.ts';
import { reduceBand, substitute, toBand, type BandMatrix, type Field } from './gth.ts';

export function modField(p: number): Field {
  const pInv = 1 / p;
  return { fma: (acc, x, y) => fmaMod(acc, x, y, p, pInv), inv: (x) => (x === 0 ? NaN : invMod(x, p)) };
}

/** max_j sum_i |q_ij| of an integer generator (off-diagonal rates in g.rate, as doubles). */
export function columnAbsBound(g: SparseGenerator<number>): number {
  const col = new Float64Array(g.n);
  for (let i = 0; i < g.n; i++) {
    for (let k = g.rowPtr[i]; k < g.rowPtr[i + 1]; k++) {
      col[g.col[k]] += g.rate[k];
      col[i] += g.rate[k];
    }
  }
  let c = 0;
  for (let j = 0; j < g.n; j++) c = Math.max(c, col[j]);
  return c;
}

/** Largest prime size for which the residual stays exact in doubles (p * C <= 2^53), at most 2^26. */
export function liftingPrimeLimit(g: SparseGenerator<number>): number {
  return Math.min(2 ** PRIME_BITS, Math.floor(2 ** 53 / Math.max(1, columnAbsBound(g))));
}

/** The lifting state of one prime: the reduction, the current residual r_k, scratch. */
export class PadicLifting {
  readonly p: number;
  private readonly F: Field;
  private readonly m: BandMatrix;
  private readonly invPivot: Float64Array;
  private readonly residual: Float64Array;
  private readonly rhs: Float64Array;
  private steps = 0;

  private constructor(
    private readonly g: SparseGenerator<number>,
    p: number,
    m: BandMatrix,
    invPivot: Float64Array,
    F: Field,
  ) {
    this.p = p;
    this.F = F;
    this.m = m;
    this.invPivot = invPivot;
    this.residual = new Float64Array(g.n);
    this.rhs = new Float64Array(g.n);
  }

  /**
   * Reduces the integer generator mod p (one banded elimination), or null when
   * p is unlucky (divides a pivot). Rates must be integers with p * C <= 2^53.
   */
  static start(g: SparseGenerator<number>, band: Band, p: number): PadicLifting | null {
    const F = modField(p);
    const m = toBand(g, band, (k) => g.rate[k] % p, F);
    const invPivot = reduceBand(m, F);
    return invPivot && new PadicLifting(g, p, m, invPivot, F);
  }

  /** The next p-adic digit vector y_k (entries in [0, p)), written into `y`; updates r. */
  next(y: Float64Array): void {
    const { g, p, residual: r, rhs: d } = this;
    const n = g.n;
    // d = -r mod p, so that the substitution solves y Q = r (mod p).
    for (let j = 1; j < n; j++) {
      const v = -r[j] % p;
      d[j] = v < 0 ? v + p : v;
    }
    substitute(this.m, this.invPivot, this.F, this.steps === 0 ? 1 : 0, d, y);
    // r <- (r - y Q) / p on columns j >= 1: (y Q)_j = sum_i y_i q_ij - y_j q_j.
    for (let i = 0; i < n; i++) {
      const yi = y[i];
      if (yi === 0) continue;
      for (let k = g.rowPtr[i]; k < g.rowPtr[i + 1]; k++) {
        const f = yi * g.rate[k];
        r[g.col[k]] -= f;
        r[i] += f;
      }
    }
    for (let j = 1; j < n; j++) r[j] /= p;
    r[0] = 0;
    this.steps++;
  }
}

/**
 * The p-adic expansion sum_k p^k y_k of a vector, as bigints modulo p^K. Digits
 * are kept as doubles and turned into bigints only when read, two at a time
 * (y_k + p y_{k+1} < p^2 < 2^52 is exact), which halves the bigint work.
 */
export class PadicVector implements ModularVector {
  private readonly digits: Float64Array[] = [];
  private readonly sums: bigint[];
  private readonly p: number;
  private built = 0;
  private power = 1n;

  constructor(n: number, p: number) {
    this.sums = new Array<bigint>(n).fill(0n);
    this.p = p;
  }

  /** Appends the next digit vector (copied). */
  add(digits: Float64Array): void {
    this.digits.push(digits.slice());
  }

  get steps(): number {
    return this.digits.length;
  }

  get modulus(): bigint {
    return BigInt(this.p) ** BigInt(this.digits.length);
  }

  get values(): readonly bigint[] {
    const { p, sums, digits } = this;
    const P = BigInt(p);
    while (this.built < digits.length) {
      const k = this.built;
      const lo = digits[k];
      const hi = k + 1 < digits.length ? digits[k + 1] : null;
      const M = this.power;
      for (let i = 0; i < sums.length; i++) {
        const chunk = hi ? lo[i] + p * hi[i] : lo[i];
        if (chunk !== 0) sums[i] += M * BigInt(chunk);
      }
      this.power = hi ? M * P * P : M * P;
      this.built += hi ? 2 : 1;
      for (let j = k; j < this.built; j++) digits[j] = EMPTY; // folded into sums
    }
    return sums;
  }
}

const EMPTY = new Float64Array(0);
