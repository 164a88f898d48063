/**
 * Closed product-form networks: stations, population, and the unnormalised
 * stationary weight prod_i f_i(n_i), with f_i(n) = x_i^n / n! for an
 * infinite-server station and x_i^n for a single-server one (x_i = relative demand,
 * visit ratio / service rate).
 */
import { UsageError } from '../core/errors.ts';
import { Fraction, type Rational } from '../core/rational.ts';
import { lnFactorial, logRational } from './log-functions.ts';

export interface Station {
  kind: 'is' | 'single';
  /** Relative demand x_i = visit ratio / service rate, > 0. */
  demand: Rational;
}

export interface ClosedNetwork {
  stations: readonly Station[];
  /** Number of circulating customers K. */
  population: number;
}

export function validateNetwork(net: ClosedNetwork): void {
  const K = net.population;
  if (!Number.isInteger(K) || K < 0) throw new UsageError(`population must be an integer >= 0, got ${K}`);
  if (net.stations.length === 0) throw new UsageError('a closed network needs at least one station');
  net.stations.forEach((st, i) => {
    if (st.demand.s < 0n || st.demand.n === 0n) {
      throw new UsageError(`station ${i}: demand must be > 0, got ${st.demand.toFraction()}`);
    }
  });
}

function checkCounts(net: ClosedNetwork, counts: ArrayLike<number>): void {
  if (counts.length !== net.stations.length) {
    throw new RangeError(`expected ${net.stations.length} station counts, got ${counts.length}`);
  }
  for (let i = 0; i < counts.length; i++) {
    if (!Number.isInteger(counts[i]) || counts[i] < 0) throw new RangeError(`station count ${i} must be an integer >= 0, got ${counts[i]}`);
  }
}

/** n! as a bigint. */
export function factorial(n: number): bigint {
  let f = 1n;
  for (let k = 2; k <= n; k++) f *= BigInt(k);
  return f;
}

/** prod_i f_i(n_i), unnormalised (counts need not sum to the population). */
export function weightExact(net: ClosedNetwork, counts: ArrayLike<number>): Rational {
  checkCounts(net, counts);
  let num = 1n;
  let den = 1n;
  net.stations.forEach((st, i) => {
    const c = BigInt(counts[i]);
    num *= st.demand.n ** c;
    den *= st.demand.d ** c;
    if (st.kind === 'is') den *= factorial(counts[i]);
  });
  return new Fraction(num, den);
}

/** log prod_i f_i(n_i). */
export function logWeight(net: ClosedNetwork, counts: ArrayLike<number>): number {
  checkCounts(net, counts);
  let v = 0;
  net.stations.forEach((st, i) => {
    const c = counts[i];
    if (c === 0) return;
    v += c * logRational(st.demand);
    if (st.kind === 'is') v -= lnFactorial(c);
  });
  return v;
}

/**
 * pi(to)/pi(from), touching only the stations whose count differs:
 * f_i(n+1)/f_i(n) = x_i/(n+1) (infinite server) or x_i (single server).
 * Hot path of certificates: no validation.
 */
export function weightRatio(net: ClosedNetwork, from: ArrayLike<number>, to: ArrayLike<number>): Rational {
  let num = 1n;
  let den = 1n;
  for (let i = 0; i < net.stations.length; i++) {
    const a = from[i];
    const b = to[i];
    if (a === b) continue;
    const st = net.stations[i];
    const k = BigInt(Math.abs(b - a));
    // f(hi)/f(lo) = x^(hi-lo) / [(lo+1)...hi] for infinite server, x^(hi-lo) for single.
    let up = k === 1n ? st.demand.n : st.demand.n ** k;
    let down = k === 1n ? st.demand.d : st.demand.d ** k;
    if (st.kind === 'is') for (let m = Math.min(a, b) + 1; m <= Math.max(a, b); m++) down *= BigInt(m);
    if (b < a) [up, down] = [down, up];
    num *= up;
    den *= down;
  }
  return new Fraction(num, den);
}
