/**
 * Metrics as expectations of the model's state rewards under a solved law.
 * Vector metrics (those with an index) are gathered into arrays by name.
 */
import type { Arith } from '../core/arith.ts';
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

/**
 * Each metric's value under the law pi_i = weight(i) / total, accumulated in
 * arithmetic A: E_pi[reward], or E_pi[reward] / E_pi[per] for ratio metrics.
 */
function metricValues<T>(def: ChainDefinition<T>, A: Arith<T>, codes: Float64Array, weight: (i: number) => T, total: T): T[] {
  const digits = new Int32Array(def.radices.length);
  // Rewards and the ratio metrics' denominators in flat lists: the loop below runs once per state and metric.
  const rewards = def.metrics.map((m) => m.reward);
  const ratios = def.metrics.flatMap((m, k) => (m.per ? [k] : []));
  const pers = ratios.map((k) => def.metrics[k].per!);
  const sums = rewards.map(() => A.zero);
  const perSums = pers.map(() => A.zero);
  const all = def.rewardsInto && A.store(rewards.length);
  for (let i = 0; i < codes.length; i++) {
    const w = weight(i);
    if (A.isZero(w)) continue;
    decodeInto(codes[i], def.radices, digits);
    if (all) def.rewardsInto!(digits, all);
    for (let k = 0; k < rewards.length; k++) {
      const r = all ? all[k] : rewards[k](digits);
      if (!A.isZero(r)) sums[k] = A.add(sums[k], A.mul(w, r));
    }
    for (let j = 0; j < pers.length; j++) {
      const q = pers[j](digits);
      if (!A.isZero(q)) perSums[j] = A.add(perSums[j], A.mul(w, q));
    }
  }
  const values = sums.map((s) => A.div(s, total));
  ratios.forEach((k, j) => (values[k] = A.div(sums[k], perSums[j])));
  return values;
}

export function floatMetrics(def: ChainDefinition<number>, A: Arith<number>, codes: Float64Array, pi: Float64Array): MetricValues<number> {
  return gather(def, metricValues(def, A, codes, (i) => pi[i], A.one));
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
