/**
 * Metrics as expectations of the model's state rewards under a solved law.
 * Vector metrics (those with an index) are gathered into arrays by name.
 */
import { floatArith, type Arith } from '../core/arith.ts';
import type { ChainDefinition, MetricValues } from '../core/model.ts';
import { decodeInto } from '../core/mixed-radix.ts';
import { Fraction, ratString, type Rational } from '../core/rational.ts';

/** Values in metric order into MetricValues: vector metrics (with an index) become arrays by name. */
export function gather<V>(def: { readonly metrics: readonly { readonly name: string; readonly index?: number }[] }, values: V[]): MetricValues<V> {
  const out: MetricValues<V> = {};
  def.metrics.forEach((m, k) => {
    if (m.index === undefined) out[m.name] = values[k];
    else {
      const arr = (out[m.name] as V[] | undefined) ?? [];
      arr[m.index - 1] = values[k];
      out[m.name] = arr;
    }
  });
  return out;
}

/** The indices of the ratio metrics (those with `per`), in metric order. */
function ratioMetrics(def: { readonly metrics: readonly { readonly per?: unknown }[] }): number[] {
  return def.metrics.flatMap((m, k) => (m.per ? [k] : []));
}

/** Float passes only: the smallest and largest reward of each metric, then of each ratio metric's denominator, over the states weighed, and E[per]. */
interface Ranges {
  lo: Float64Array;
  hi: Float64Array;
  perMass: Float64Array;
}

/** Widens the ranges by one state's rewards r (its first `count`; the rest are 0, see zeroFrom) and denominators q (weight w). */
function widen(ranges: Ranges, w: number, r: Float64Array, count: number, q: Float64Array): void {
  const lo = ranges.lo;
  const hi = ranges.hi;
  const n = r.length;
  for (let k = 0; k < count; k++) {
    const x = r[k];
    if (x < lo[k]) lo[k] = x;
    if (x > hi[k]) hi[k] = x;
  }
  for (let j = 0; j < q.length; j++) {
    const x = q[j];
    if (x < lo[n + j]) lo[n + j] = x;
    if (x > hi[n + j]) hi[n + j] = x;
    ranges.perMass[j] += w * x;
  }
}

/** Widens the ranges of the rewards from `first` on by 0: some state left them out, being 0 there (ChainDefinition.rewardsInto). */
function zeroFrom(ranges: Ranges, first: number, rewardCount: number): void {
  for (let k = first; k < rewardCount; k++) {
    if (0 < ranges.lo[k]) ranges.lo[k] = 0;
    if (0 > ranges.hi[k]) ranges.hi[k] = 0;
  }
}

/**
 * Each metric's value under the law pi_i = weight(i) / total, accumulated in
 * arithmetic A: E_pi[reward], or E_pi[reward] / E_pi[per] for ratio metrics;
 * with `ranges` (float only) also the rewards' ranges over the states of
 * nonzero weight.
 */
function metricValues<T>(def: ChainDefinition<T>, A: Arith<T>, codes: Float64Array, weight: (i: number) => T, total: T, ranges?: Ranges): T[] {
  const digits = new Int32Array(def.radices.length);
  // Rewards and the ratio metrics' denominators in flat lists: the loop below runs once per state and metric.
  const rewards = def.metrics.map((m) => m.reward);
  const ratios = ratioMetrics(def);
  const pers = ratios.map((k) => def.metrics[k].per!);
  const sums = rewards.map(() => A.zero);
  const perSums = pers.map(() => A.zero);
  const r = A.store(rewards.length);
  const q = A.store(pers.length);
  let zeros = rewards.length; // the rewards from here on were 0 in some state (left out by rewardsInto)
  for (let i = 0; i < codes.length; i++) {
    const w = weight(i);
    if (A.isZero(w)) continue;
    decodeInto(codes[i], def.radices, digits);
    let count = rewards.length;
    if (def.rewardsInto) {
      const written = def.rewardsInto(digits, r);
      if (typeof written === 'number') count = Math.min(written, count);
    } else for (let k = 0; k < count; k++) r[k] = rewards[k](digits);
    if (count < zeros) zeros = count;
    for (let j = 0; j < pers.length; j++) q[j] = pers[j](digits);
    // A reward of 0 adds nothing: skipped, as the rewards left out are.
    for (let k = 0; k < count; k++) if (!A.isZero(r[k])) sums[k] = A.add(sums[k], A.mul(w, r[k]));
    for (let j = 0; j < pers.length; j++) if (!A.isZero(q[j])) perSums[j] = A.add(perSums[j], A.mul(w, q[j]));
    if (ranges) widen(ranges, w as number, r as unknown as Float64Array, count, q as unknown as Float64Array);
  }
  if (ranges) zeroFrom(ranges, zeros, rewards.length);
  const values = sums.map((s) => A.div(s, total));
  ratios.forEach((k, j) => (values[k] = A.div(sums[k], perSums[j])));
  return values;
}

/**
 * Float metrics under pi (summing to 1) and, in the same pass, each metric's
 * error per unit of ||pi - pi*||_1, pi* another law on `codes`. With f the
 * reward and g the denominator (g = 1 for a plain expectation),
 * m(pi) - m(pi*) = sum_i (pi_i - pi*_i) (f_i - m* g_i) / E_pi g, and since
 * pi - pi* sums to 0 a constant can be taken off f - m* g, so
 * |m(pi) - m(pi*)| <= ||pi - pi*||_1 (range f + |m| range g) / 2 / E_pi g,
 * ranges over the states (of nonzero weight; m for m*: first order).
 */
export function floatMetricsWithSensitivity(
  def: ChainDefinition<number>,
  codes: Float64Array,
  pi: Float64Array,
): { values: MetricValues<number>; perL1: MetricValues<number> } {
  const ratios = ratioMetrics(def);
  const rewardCount = def.metrics.length;
  const ranges: Ranges = {
    lo: new Float64Array(rewardCount + ratios.length).fill(Infinity),
    hi: new Float64Array(rewardCount + ratios.length).fill(-Infinity),
    perMass: new Float64Array(ratios.length),
  };
  const values = metricValues(def, floatArith, codes, (i) => pi[i], 1, ranges);
  const { lo, hi, perMass } = ranges;
  const perL1 = values.map((_, k) => (hi[k] - lo[k]) / 2);
  ratios.forEach((k, j) => (perL1[k] = (perL1[k] + (Math.abs(values[k]) * (hi[rewardCount + j] - lo[rewardCount + j])) / 2) / perMass[j]));
  return { values: gather(def, values), perL1: gather(def, perL1) };
}

/** Exact metrics for pi_i = numerators[i] / total, as exact rationals. */
export function exactMetrics(
  def: ChainDefinition<Rational>,
  A: Arith<Rational>,
  codes: Float64Array,
  numerators: readonly bigint[],
  total: bigint,
): { values: MetricValues<Rational>; text: MetricValues<string> } {
  const values = metricValues(def, A, codes, (i) => new Fraction(numerators[i]), new Fraction(total));
  return { values: gather(def, values), text: gather(def, values.map(ratString)) };
}

/**
 * f(a, b) elementwise, over a's names; a vector entry missing on one side counts
 * as 0 there (a longer K adds levels).
 */
export function zipMetrics(a: MetricValues<number>, b: MetricValues<number>, f: (x: number, y: number) => number): MetricValues<number> {
  const out: MetricValues<number> = {};
  for (const [name, v] of Object.entries(a)) {
    const w = b[name];
    if (Array.isArray(v) || Array.isArray(w)) {
      const x = ([] as number[]).concat(v);
      const y = ([] as number[]).concat(w ?? []);
      out[name] = Array.from({ length: Math.max(x.length, y.length) }, (_, i) => f(x[i] ?? 0, y[i] ?? 0));
    } else out[name] = f(v, w as number);
  }
  return out;
}
