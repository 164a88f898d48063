/**
 * Exact normalising constants by convolution (Buzen), in raw bigints.
 *
 * Write every demand over one common denominator, x_i = a_i / D, and merge the
 * infinite-server stations into one of demand A / D, A = sum of their a_i
 * (sum_{n_1+n_2=n} x^n_1/n_1! y^n_2/n_2! = (x+y)^n/n!). With
 * T(k) = sum over single-server counts summing to k of prod a_j^{n_j}
 * (Buzen: T_j(k) = T_{j-1}(k) + a_j T_j(k-1)),
 *   G(K) = Num(K, A) / (D^K K!),   Num(K, A) = sum_{j=0}^{K} (K!/j!) A^j T(K-j),
 * all integers. Removing a station:
 *   single-server i:  G_{-i}(K) = G(K) - x_i G(K-1)  =>  Num = Num(K, A) - K a_i Num(K-1, A);
 *   infinite-server i: Num(K, A - a_i).
 * Cost O(K * stations) bigint operations on numbers of O(K log K) bits, so
 * about K^2 log K bit work: populations beyond EXACT_POPULATION_LIMIT are refused
 * up front rather than run for hours.
 */
import { UsageError } from '../core/errors.ts';
import { Fraction, type Rational } from '../core/rational.ts';
import { factorial, validateNetwork, type ClosedNetwork } from './network.ts';
import { gcd } from '../core/combinatorics.ts';

/** Numerators a_i over the common denominator D of all demands. */
function commonDenominator(net: ClosedNetwork): { D: bigint; a: bigint[] } {
  let D = 1n;
  for (const st of net.stations) D = (D / gcd(D, st.demand.d)) * st.demand.d;
  return { D, a: net.stations.map((st) => st.demand.n * (D / st.demand.d)) };
}

/** T(k), k = 0..K, for single-server numerators a. */
function singleServerSums(a: readonly bigint[], K: number): bigint[] {
  const T = new Array<bigint>(K + 1).fill(0n);
  T[0] = 1n;
  for (const aj of a) for (let k = 1; k <= K; k++) T[k] += aj * T[k - 1];
  return T;
}

/** Num(K, A) = sum_j (K!/j!) A^j T(K-j), by Horner in A from j = K down. */
function scaledConstant(A: bigint, T: readonly bigint[], K: number): bigint {
  let acc = T[0];
  let coef = 1n; // K!/j!
  for (let j = K - 1; j >= 0; j--) {
    coef *= BigInt(j + 1);
    acc = acc * A + coef * T[K - j];
  }
  return acc;
}

interface ScaledConstants {
  /** D^K K!: G = num / scale. */
  scale: bigint;
  num: bigint;
  without: bigint[];
}

/**
 * Largest population solved exactly (measured, JIQ R = 2 on this machine:
 * K = 3000 takes 5 s CPU, K = 1000 1.5 s; the work grows as about K^2 log K).
 */
export const EXACT_POPULATION_LIMIT = 5000;

function scaledConstants(net: ClosedNetwork): ScaledConstants {
  validateNetwork(net);
  const K = net.population;
  if (K > EXACT_POPULATION_LIMIT) {
    throw new UsageError(
      `exact product form: population ${K} is above ${EXACT_POPULATION_LIMIT} (the rationals grow with it; hours ` +
        `of work); the log-scaled float (without --exact) answers it`,
    );
  }
  const { D, a } = commonDenominator(net);
  const isIdx = net.stations.flatMap((st, i) => (st.kind === 'is' ? [i] : []));
  const A = isIdx.reduce((s, i) => s + a[i], 0n);
  const T = singleServerSums(
    net.stations.flatMap((st, i) => (st.kind === 'single' ? [a[i]] : [])),
    K,
  );
  const num = scaledConstant(A, T, K);
  if (K === 0) return { scale: 1n, num, without: net.stations.map(() => num) };
  const numPrev = scaledConstant(A, T, K - 1);
  const without = net.stations.map((st, i) => (st.kind === 'single' ? num - BigInt(K) * a[i] * numPrev : scaledConstant(A - a[i], T, K)));
  return { scale: D ** BigInt(K) * factorial(K), num, without };
}

/** G and G_{-i} (same population, station i removed), exactly. */
export function normalizingConstantsExact(net: ClosedNetwork): { G: Rational; without: Rational[] } {
  const c = scaledConstants(net);
  return { G: new Fraction(c.num, c.scale), without: c.without.map((w) => new Fraction(w, c.scale)) };
}

/** P(n_i = 0) = G_{-i} / G for every station i, exactly. */
export function emptyProbabilitiesExact(net: ClosedNetwork): Rational[] {
  const c = scaledConstants(net);
  return c.without.map((w) => new Fraction(w, c.num));
}
