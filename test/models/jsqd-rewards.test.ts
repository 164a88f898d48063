/**
 * jsq-d's rewardsInto (all metrics' rewards of a state in one call, what the
 * solvers' metric pass uses) gives each metric's own reward, in float and in
 * exact rationals, on both packings; and the metrics computed through it equal
 * those computed metric by metric.
 */
import { describe, expect, it } from 'vitest';
import { exactArith, floatArith, type Arith } from '../../src/core/arith.ts';
import type { ChainDefinition } from '../../src/core/model.ts';
import { decodeInto } from '../../src/core/mixed-radix.ts';
import { reachableCodes } from '../../src/ctmc/explore.ts';
import { floatMetricsWithSensitivity } from '../../src/ctmc/metrics.ts';
import { jsqD } from '../../models/jsq-d.ts';
import { queueProfile } from '../../models/support/queue-packings.ts';

const cases = [
  // N, d, K, sampling: N = 3, K = 6 packs by lengths (7^3 < 4^6); N = 8, K = 2 by levels (9^2 < 3^8)
  ['3', '2', '6', 'without', 'lengths'],
  ['8', '2', '2', 'with', 'levels'],
] as const;

function chain<T>(N: string, d: string, K: string, sampling: string, A: Arith<T>): ChainDefinition<T> {
  return jsqD.ctmc(jsqD.parse({ N, d, K, lambda: '9/10', sampling }), A);
}

describe('jsq-d rewardsInto', () => {
  it.each(cases)('equals every metric reward on every state (N=%s d=%s K=%s %s)', (N, d, K, sampling, layout) => {
    expect(queueProfile(Number(N), Number(K), 0).layout).toBe(layout);
    for (const A of [floatArith, exactArith] as Arith<unknown>[]) {
      const def = chain(N, d, K, sampling, A);
      const digits = new Int32Array(def.radices.length);
      const out = A.store(def.metrics.length);
      const unset = A.fromInt(-1);
      let wrong = 0;
      let shorter = 0; // states whose s_i past the longest queue are left out
      for (const code of reachableCodes(def)) {
        decodeInto(code, def.radices, digits);
        for (let k = 0; k < out.length; k++) out[k] = unset; // an entry it leaves out must not pass for a written one
        const count = def.rewardsInto!(digits, out) ?? def.metrics.length;
        if (count < def.metrics.length) shorter++;
        def.metrics.forEach((m, k) => {
          // past `count` the reward must be 0, its entry left as it was
          const value = k < count ? out[k] : A.zero;
          if (A.toNumber(A.sub(value, m.reward(digits))) !== 0) wrong++;
          if (k >= count && out[k] !== unset) wrong++;
        });
      }
      expect(wrong).toBe(0);
      expect(shorter).toBeGreaterThan(0);
    }
  });

  it.each(cases)('metrics through it equal metrics reward by reward (N=%s d=%s K=%s %s)', (N, d, K, sampling) => {
    const def = chain(N, d, K, sampling, floatArith);
    const codes = reachableCodes(def);
    // any positive weights will do: the two passes must add the same products in the same order
    const pi = Float64Array.from(codes, (_, i) => 1 / (i + 2));
    const total = pi.reduce((a, b) => a + b, 0);
    pi.forEach((p, i) => (pi[i] = p / total));
    const fast = floatMetricsWithSensitivity(def, codes, pi);
    const slow = floatMetricsWithSensitivity({ ...def, rewardsInto: undefined }, codes, pi);
    expect(fast).toEqual(slow);
    expect((fast.values.s as number[]).length).toBe(Number(K));
  });
});
