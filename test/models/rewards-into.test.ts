/**
 * rewardsInto (all metrics' rewards of a state in one call, what the solvers'
 * metric pass uses) of jsq-d and jiq-queueing gives each metric's own reward,
 * in float and in exact rationals (jsq-d on both packings); and the metrics
 * computed through it equal those computed metric by metric.
 */
import { describe, expect, it } from 'vitest';
import { exactArith, floatArith, type Arith } from '../../src/core/arith.ts';
import type { ChainDefinition } from '../../src/core/model.ts';
import { decodeInto } from '../../src/core/mixed-radix.ts';
import { reachableCodes } from '../../src/ctmc/explore/explore.ts';
import { floatMetricsWithSensitivity } from '../../src/ctmc/metrics.ts';
import { jiqQueueing } from '../../models/jiq-queueing.ts';
import { jsqD } from '../../models/jsq-d.ts';
import { queueProfile } from '../../models/support/queue-packings.ts';

/**
 * Over every state: how many entries differ from the metric's own reward (an
 * entry past the count it returns must be left as it was, the reward there 0),
 * and in how many states it wrote fewer than all.
 */
function rewardMismatches<T>(def: ChainDefinition<T>, A: Arith<T>): { wrong: number; shorter: number } {
  const digits = new Int32Array(def.radices.length);
  const out = A.store(def.metrics.length);
  const unset = A.fromInt(-1);
  let wrong = 0;
  let shorter = 0;
  for (const code of reachableCodes(def)) {
    decodeInto(code, def.radices, digits);
    for (let k = 0; k < out.length; k++) out[k] = unset; // an entry it leaves out must not pass for a written one
    const count = def.rewardsInto!(digits, out) ?? def.metrics.length;
    if (count < def.metrics.length) shorter++;
    def.metrics.forEach((m, k) => {
      const value = k < count ? out[k] : A.zero;
      if (A.toNumber(A.sub(value, m.reward(digits))) !== 0) wrong++;
      if (k >= count && out[k] !== unset) wrong++;
    });
  }
  return { wrong, shorter };
}

/** The float metric pass with and without rewardsInto: the same products added in the same order. */
function expectSamePass(def: ChainDefinition<number>): ReturnType<typeof floatMetricsWithSensitivity> {
  const codes = reachableCodes(def);
  // any positive weights will do
  const pi = Float64Array.from(codes, (_, i) => 1 / (i + 2));
  const total = pi.reduce((a, b) => a + b, 0);
  pi.forEach((p, i) => (pi[i] = p / total));
  const fast = floatMetricsWithSensitivity(def, codes, pi);
  expect(fast).toEqual(floatMetricsWithSensitivity({ ...def, rewardsInto: undefined }, codes, pi));
  return fast;
}

const jsqdCases = [
  // N, d, K, sampling: N = 3, K = 6 packs by lengths (7^3 < 4^6); N = 8, K = 2 by levels (9^2 < 3^8)
  ['3', '2', '6', 'without', 'lengths'],
  ['8', '2', '2', 'with', 'levels'],
] as const;

function jsqdChain<T>(N: string, d: string, K: string, sampling: string, A: Arith<T>): ChainDefinition<T> {
  return jsqD.ctmc(jsqD.parse({ N, d, K, lambda: '9/10', sampling }), A);
}

describe('jsq-d rewardsInto', () => {
  it.each(jsqdCases)('equals every metric reward on every state (N=%s d=%s K=%s %s)', (N, d, K, sampling, layout) => {
    expect(queueProfile(Number(N), Number(K), 0).layout).toBe(layout);
    for (const A of [floatArith, exactArith] as Arith<unknown>[]) {
      const { wrong, shorter } = rewardMismatches(jsqdChain(N, d, K, sampling, A), A);
      expect(wrong).toBe(0);
      expect(shorter).toBeGreaterThan(0); // states whose s_i past the longest queue are left out
    }
  });

  it.each(jsqdCases)('metrics through it equal metrics reward by reward (N=%s d=%s K=%s %s)', (N, d, K, sampling) => {
    const fast = expectSamePass(jsqdChain(N, d, K, sampling, floatArith));
    expect((fast.values.s as number[]).length).toBe(Number(K));
  });
});

describe('jiq-queueing rewardsInto', () => {
  const cases = [
    // N, K, alpha: two dispatchers, and three with a beta and nu enhancement
    ['3', '4', '3/5,2/5', {}],
    ['3', '3', '1/2,1/4,1/4', { beta: '1/2,1/4,1/4', nu: '1/2' }],
  ] as const;
  const chain = <T>(N: string, K: string, alpha: string, extra: Record<string, string>, A: Arith<T>): ChainDefinition<T> =>
    jiqQueueing.ctmc(jiqQueueing.parse({ N, K, alpha, lambda: '9/10', ...extra }), A);

  it.each(cases)('equals every metric reward on every state (N=%s K=%s alpha=%s %o)', (N, K, alpha, extra) => {
    for (const A of [floatArith, exactArith] as Arith<unknown>[]) {
      expect(rewardMismatches(chain(N, K, alpha, extra, A), A)).toEqual({ wrong: 0, shorter: 0 });
    }
  });

  it.each(cases)('metrics through it equal metrics reward by reward (N=%s K=%s alpha=%s %o)', (N, K, alpha, extra) => {
    const fast = expectSamePass(chain(N, K, alpha, extra, floatArith));
    expect((fast.values.tokenFraction as number[]).length).toBe(alpha.split(',').length);
  });
});
