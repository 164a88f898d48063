/**
 * Normalising constants in floating point, log-scaled so that populations of
 * 10^6 and more neither overflow nor underflow.
 *
 * Merge the infinite-server stations into one of demand X (see exact.ts) and
 * let S(k) be the single-server convolution at population k, so
 *   G = sum_{k=0}^{K} u_k,   u_k = X^{K-k}/(K-k)! * S(k).
 * S is computed by Buzen's recursion on demands rescaled by their largest c,
 * Sy(k) = S(k)/c^k in [1, C(k+m-1, m-1)] (m single-server stations).
 * u_k is log-concave in k (Poisson weights times a convolution of geometric
 * sequences), so its step ratio
 *   log(u_k/u_{k-1}) = log(K-k+1) + log(c/X) + log(Sy(k)/Sy(k-1))
 * decreases: the peak is found by bisection, and the sum walks outward from it
 * until terms fall below e^-100 of the peak. Each G_{-i} is summed the same way
 * and tied to G's peak through ratios computed in exact arithmetic first, so
 * P(n_i = 0) = G_{-i}/G keeps full relative precision whatever the size of G.
 */
import { UsageError } from '../core/errors.ts';
import { Fraction, ratToNumber, type Rational } from '../core/rational.ts';
import { validateNetwork, type ClosedNetwork } from './network.ts';
import { lnFactorial, logRational } from './log-functions.ts';

/**
 * The largest population the float convolution takes: it holds two arrays of
 * population + 1 doubles (16 bytes per unit of population, 1.6 GB here).
 */
export const MAX_FLOAT_POPULATION = 1e8;

/** Terms below e^CUTOFF of the peak are dropped (at most K of them, each < 4e-44 relative). */
const CUTOFF = -100;

/** The sequence u_k of one network (G's, or G_{-i}'s). */
interface Sequence {
  readonly K: number;
  /** Total infinite-server demand, null when there is none. */
  readonly X: Rational | null;
  /** Largest single-server demand, null when there is none. */
  readonly c: Rational | null;
  /** Sy(k) = S(k)/c^k, k = 0..K (null without single-server stations). */
  readonly Sy: Float64Array | null;
  /** log(c/X) when both kinds are present. */
  readonly logCOverX: number;
}

function rescaledSingleSums(singles: readonly Rational[], K: number): { c: Rational; Sy: Float64Array } {
  const c = singles.reduce((m, x) => (x.compare(m) > 0 ? x : m));
  const Sy = new Float64Array(K + 1);
  Sy[0] = 1;
  for (const x of singles) {
    const y = ratToNumber(x.div(c)); // in [0, 1]; 0 only when negligible next to c^k
    for (let k = 1; k <= K; k++) Sy[k] += y * Sy[k - 1];
  }
  if (!Number.isFinite(Sy[K])) throw new RangeError(`too many single-server stations (${singles.length}) for population ${K} in float`);
  return { c, Sy };
}

function sequence(K: number, isDemands: readonly Rational[], singleSums: { c: Rational; Sy: Float64Array } | null): Sequence {
  const X = isDemands.length === 0 ? null : isDemands.reduce((s, x) => s.add(x), new Fraction(0));
  const c = singleSums?.c ?? null;
  return { K, X, c, Sy: singleSums?.Sy ?? null, logCOverX: X !== null && c !== null ? logRational(c.div(X)) : 0 };
}

/** The k with u_k possibly > 0: [lo, hi], or null when the sum is empty. */
function support(s: Sequence): [number, number] | null {
  if (s.X !== null && s.c !== null) return [0, s.K];
  if (s.X !== null) return [0, 0];
  if (s.c !== null) return [s.K, s.K];
  return s.K === 0 ? [0, 0] : null;
}

/** log(u_k / u_{k-1}), both kinds present, 1 <= k <= K. */
function stepLog(s: Sequence, k: number): number {
  const Sy = s.Sy!;
  return Math.log(s.K - k + 1) + s.logCOverX + Math.log(Sy[k] / Sy[k - 1]);
}

/** log(u_to / u_from) by summing step ratios. */
function gapLog(s: Sequence, from: number, to: number): number {
  let v = 0;
  for (let k = from + 1; k <= to; k++) v += stepLog(s, k);
  for (let k = to + 1; k <= from; k++) v -= stepLog(s, k);
  return v;
}

/** The last k where the (decreasing) step ratio is still > 0. */
function peak(s: Sequence, lo: number, hi: number): number {
  while (lo < hi) {
    const mid = Math.floor((lo + hi + 1) / 2);
    if (stepLog(s, mid) > 0) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** log sum_k u_k / u_p, walking outward from the peak p (compensated summation). */
function logSumFromPeak(s: Sequence, p: number, lo: number, hi: number): number {
  let sum = 1;
  let comp = 0;
  const add = (t: number): void => {
    const next = sum + t;
    comp += sum >= t ? sum - next + t : t - next + sum;
    sum = next;
  };
  for (let k = p + 1, r = 0; k <= hi; k++) {
    r += stepLog(s, k);
    if (r < CUTOFF) break;
    add(Math.exp(r));
  }
  for (let k = p, r = 0; k > lo; k--) {
    r -= stepLog(s, k); // log(u_{k-1}/u_p)
    if (r < CUTOFF) break;
    add(Math.exp(r));
  }
  return Math.log(sum + comp);
}

/** log u_k, absolute (carries the rounding of a large logarithm: used once, for log G). */
function logTerm(s: Sequence, k: number): number {
  let v = 0;
  if (s.K - k > 0) v += (s.K - k) * logRational(s.X!) - lnFactorial(s.K - k);
  if (k > 0) v += k * logRational(s.c!) + Math.log(s.Sy![k]);
  return v;
}

/** log(u'_k / u_k) for a sub-network's sequence u' (k in the support of both). */
function linkLog(sub: Sequence, full: Sequence, k: number): number {
  let v = 0;
  if (sub.K - k > 0) v += (sub.K - k) * logRational(sub.X!.div(full.X!));
  if (k > 0) v += k * logRational(sub.c!.div(full.c!)) + Math.log(sub.Sy![k] / full.Sy![k]);
  return v;
}

interface Summed {
  /** log of the reference term u_p of G. */
  logRef: number;
  /** log(G / u_p). */
  relG: number;
  /** log(G_{-i} / u_p), -Infinity when G_{-i} = 0. */
  relWithout: number[];
}

function summed(net: ClosedNetwork): Summed {
  validateNetwork(net);
  const K = net.population;
  if (K > MAX_FLOAT_POPULATION) {
    throw new UsageError(
      `the product form's population here is ${K}, more than the ${MAX_FLOAT_POPULATION.toExponential(0)} its ` +
        `float convolution holds (two arrays of population + 1 doubles): ` +
        'use `lbcheck fluid` (the N -> infinity limit) for larger systems',
    );
  }
  const demandsOf = (kind: 'is' | 'single', skip: number): Rational[] => net.stations.flatMap((st, i) => (st.kind === kind && i !== skip ? [st.demand] : []));
  const singles = demandsOf('single', -1);
  const allSingles = singles.length > 0 ? rescaledSingleSums(singles, K) : null;
  const full = sequence(K, demandsOf('is', -1), allSingles);
  const [lo, hi] = support(full)!;
  const p = peak(full, lo, hi);
  const relWithout = net.stations.map((st, i) => {
    const rest = demandsOf('single', i);
    const sums = st.kind === 'is' ? allSingles : rest.length > 0 ? rescaledSingleSums(rest, K) : null;
    const sub = sequence(K, demandsOf('is', i), sums);
    const range = support(sub);
    if (range === null) return -Infinity;
    const q = peak(sub, range[0], range[1]);
    // log(G_{-i}/u_p) = log(u_q/u_p) + log(u'_q/u_q) + log(G_{-i}/u'_q)
    return gapLog(full, p, q) + linkLog(sub, full, q) + logSumFromPeak(sub, q, range[0], range[1]);
  });
  return { logRef: logTerm(full, p), relG: logSumFromPeak(full, p, lo, hi), relWithout };
}

/** log G and log G_{-i} (same population, station i removed; -Infinity when empty). */
export function normalizingConstantsLog(net: ClosedNetwork): { logG: number; logWithout: number[] } {
  const s = summed(net);
  return { logG: s.logRef + s.relG, logWithout: s.relWithout.map((w) => s.logRef + w) };
}

/** P(n_i = 0) = G_{-i} / G for every station i. */
export function emptyProbabilities(net: ClosedNetwork): number[] {
  const s = summed(net);
  return s.relWithout.map((w) => Math.exp(w - s.relG));
}
