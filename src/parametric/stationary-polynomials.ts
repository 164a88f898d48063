/**
 * The stationary law of a parametric chain as polynomials: P_i(x) in Z[x] with
 * pi_i(x) = P_i(x) / sum_j P_j(x), verified exactly.
 *
 * Degrees: with X = pi / pi_0, the balance equations (X Q)_j = 0, j >= 1, are
 * M(x) X' = b(x) with M = -Q on states 1..n-1; by Cramer's rule each X_i is a
 * ratio of determinants of degree <= (n - 1) delta (delta: the rates' degree),
 * the proven bound. The reduced X_i have far lower degree in practice (about N
 * for jiq-blocking, against n - 1 ~ N^2 / 2), so they are found by rational
 * function reconstruction from a growing number of points instead.
 *
 * Per prime p: one GTH reduction mod p at each point x_j gives X(x_j); each X_i
 * is interpolated and reconstructed as num / den with a running common
 * denominator L (monic), so that P_i = X_i L; two further points check the
 * result (else the points double; once the degree D is known, later primes use
 * 2 D + 2). Primes whose degree profile is below the
 * largest seen are unlucky and skipped; the images of P (L monic makes them
 * unique over Q) are Chinese-remaindered and rationally reconstructed.
 *
 * Verification (what makes the answer exact, whatever points or primes were
 * used): sum_i P_i(x) q_ij(x) = 0 for every state j, as an identity in Z[x],
 * with the rates q_ij(x) of parametric-chain.ts. At every x where the chain is
 * irreducible its stationary law is unique, so pi(x) = P(x) / sum P(x) wherever
 * sum P(x) != 0.
 */
import { gcd } from '../core/combinatorics.ts';
import { mulMod, primesBelow } from '../core/modular.ts';
import { bandOf } from '../ctmc/solvers/band.ts';
import type { SparseGenerator } from '../ctmc/explore/generator.ts';
import { reduceBand, substitute, toBand } from '../ctmc/solvers/gth.ts';
import { modField } from '../ctmc/solvers/padic-lifting.ts';
import { CrtVector, reconstructVector } from '../ctmc/solvers/rational-reconstruction.ts';
import { ParametricUnknown, type ParametricChain } from './parametric-chain.ts';
import { addScaledInto, evalMod, ModInterpolator, mulModP, reconstructModP, toMod, trim, vanishingModP, type IntPoly, type ModPoly } from './polynomial.ts';

export interface StationaryPolynomials {
  /** P_i(x) for every state i (pi_i proportional to P_i), jointly primitive. */
  readonly P: IntPoly[];
  /** The proven bound (n - 1) delta on the degrees of the reduced pi_i / pi_0. */
  readonly degreeBound: number;
  /** Evaluation points per prime (each one GTH reduction), and primes. */
  readonly points: number;
  readonly primes: number;
  /** Largest degree of a P_i. */
  readonly degree: number;
}

export interface StationaryOptions {
  /** Refuse (ParametricUnknown) when more points than 2 maxDegree + 2 would be needed. */
  maxDegree: number;
  /** Refuse (ParametricUnknown) past this time (performance.now() milliseconds). */
  deadline: number;
  onProgress?: (what: string) => void;
}

const FIRST_POINTS = 16;
const CHECK_POINTS = 2;

/** X(x_j) mod p (X_0 = 1) at the first `count` points 1, 2, ... where GTH's pivots are nonzero: rows of values. */
function lawAtPoints(pc: ParametricChain, p: number, count: number): { xs: number[]; X: Float64Array } {
  const g = pc.structure;
  const n = g.n;
  const band = bandOf(g);
  const F = modField(p);
  const rates = pc.rates.map((c) => toMod(c, p));
  const rateAt = new Float64Array(rates.length);
  const xs: number[] = [];
  const X = new Float64Array(count * n);
  for (let t = 1; xs.length < count; t++) {
    if (t >= p) throw new Error('ran out of evaluation points');
    for (let k = 0; k < rates.length; k++) rateAt[k] = evalMod(rates[k], t, p);
    const m = toBand(g, band, (k) => rateAt[k], F);
    const invPivot = reduceBand(m, F);
    if (!invPivot) continue; // det M(t) = 0 mod p
    substitute(m, invPivot, F, 1, null, X.subarray(xs.length * n, (xs.length + 1) * n));
    xs.push(t);
  }
  return { xs, X };
}

/** P mod p (P_0 = L monic) from `points` points, or null when they are too few (or p is unlucky). */
function polynomialsModP(pc: ParametricChain, p: number, points: number): ModPoly[] | null {
  const n = pc.structure.n;
  const { xs, X } = lawAtPoints(pc, p, points + CHECK_POINTS);
  const fitXs = xs.slice(0, points);
  const interp = new ModInterpolator(fitXs, p);
  const vanishing = vanishingModP(fitXs, p);
  const half = Math.floor((points - 1) / 2);
  let L: ModPoly = [1];
  const Lvals = new Float64Array(points).fill(1);
  const P: ModPoly[] = [];
  const ys = new Float64Array(points);
  const c = new Float64Array(points);
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < points; j++) ys[j] = mulMod(X[j * n + i], Lvals[j], p);
    const f = trim(Array.from(interp.interpolate(ys, c)));
    if (f.length - 1 <= half) {
      P.push(f);
      continue;
    }
    const rf = reconstructModP(f, vanishing, half, p);
    if (!rf || rf.den.length - 1 + L.length - 1 > half) return null;
    // X_i L = num / den: the common denominator becomes L den
    L = mulModP(L, rf.den, p);
    for (let k = 0; k < i; k++) P[k] = mulModP(P[k], rf.den, p);
    P.push(rf.num);
    for (let j = 0; j < points; j++) Lvals[j] = evalMod(L, fitXs[j], p);
  }
  for (let q = points; q < xs.length; q++) {
    const Lq = evalMod(L, xs[q], p);
    for (let i = 0; i < n; i++) if (evalMod(P[i], xs[q], p) !== mulMod(X[q * n + i], Lq, p)) return null;
  }
  return P;
}

/** sum_i P_i(x) q_ij(x) = 0 for every j, exactly. */
export function balancesIdentically(g: SparseGenerator<unknown>, rates: IntPoly[], P: IntPoly[]): boolean {
  const len = Math.max(1, ...P.map((t) => t.length)) + Math.max(1, ...rates.map((r) => r.length));
  const flow = Array.from({ length: g.n }, () => new Array<bigint>(len).fill(0n));
  for (let i = 0; i < g.n; i++) {
    for (let k = g.rowPtr[i]; k < g.rowPtr[i + 1]; k++) {
      addScaledInto(flow[g.col[k]], P[i], rates[k]);
      addScaledInto(
        flow[i],
        P[i],
        rates[k].map((c) => -c),
      );
    }
  }
  return flow.every((f) => f.every((c) => c === 0n));
}

/** Degrees of the P_i; a prime whose profile is below another's is unlucky. */
type Profile = number[];
const dominates = (a: Profile, b: Profile): boolean => a.every((d, i) => d >= b[i]);

export function stationaryPolynomials(pc: ParametricChain, opts: StationaryOptions): StationaryPolynomials {
  const n = pc.structure.n;
  const degreeBound = (n - 1) * pc.rateDegree;
  const maxPoints = 2 * Math.min(degreeBound, opts.maxDegree) + 2;
  let points = Math.min(FIRST_POINTS, maxPoints);
  let profile: Profile | null = null;
  let crt: CrtVector | null = null;
  let width = 0;
  let used = 0;
  let nextAttempt = 1;
  let primes = 0;
  for (const p of primesBelow()) {
    if (performance.now() > opts.deadline) throw new ParametricUnknown(`timed out after ${primes} primes at ${points} points (${n} states)`);
    let P = polynomialsModP(pc, p, points);
    while (!P && points < maxPoints) {
      points = Math.min(maxPoints, 2 * points);
      P = polynomialsModP(pc, p, points);
    }
    primes++;
    if (!P) {
      if (points >= 2 * degreeBound + 2 || primes > 3) {
        throw new ParametricUnknown(
          points >= 2 * degreeBound + 2
            ? `no rational reconstruction at the proven degree bound ${degreeBound} after ${primes} primes`
            : `the stationary law needs degree above the limit ${opts.maxDegree} (degree bound ${degreeBound})`,
        );
      }
      continue;
    }
    const degrees = P.map((f) => f.length - 1);
    if (profile && !dominates(degrees, profile)) continue; // unlucky prime
    if (!profile || !dominates(profile, degrees)) {
      profile = degrees;
      width = Math.max(...degrees) + 1;
      crt = new CrtVector(n * width);
      used = 0;
      nextAttempt = 1;
      // later primes need only 2 D + 1 points for degree D (if that fails, the points double again)
      points = Math.min(points, 2 * width);
    }
    const image = new Float64Array(n * width);
    P.forEach((f, i) => image.set(f, i * width));
    crt!.add(image, p);
    used++;
    opts.onProgress?.(`parametric: ${points} points, ${primes} primes, ${crt!.modulus.toString(2).length} bits`);
    if (used < nextAttempt) continue;
    nextAttempt = Math.ceil(used * 1.25);
    const r = reconstructVector(crt!);
    if (!r) continue;
    const c = r.numerators.reduce((a, b) => gcd(a, b < 0n ? -b : b), 0n);
    const Pz = Array.from({ length: n }, (_, i) => trim(r.numerators.slice(i * width, (i + 1) * width).map((v) => v / c)));
    if (Pz[0].length > 0 && balancesIdentically(pc.structure, pc.rates, Pz)) {
      return { P: Pz, degreeBound, points, primes, degree: width - 1 };
    }
  }
  throw new Error('ran out of 26-bit primes');
}
