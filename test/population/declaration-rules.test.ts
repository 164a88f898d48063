/**
 * What the population builder calls a declaration with, and what its
 * automatic truncation needs, checked on "JSQ(d) with a threshold" (join the
 * shortest of d sampled servers while it is below T, else a uniform server):
 * rates written for integer counts (a binomial of a count) fail in the fluid
 * view, which calls them at the fractional counts N z, in one line naming the
 * family and the rule; counts declared without `total` fail to pack at the
 * automatic K, in one line that says to declare it.
 */
import { describe, expect, it } from 'vitest';
import type { Arith } from '../../src/core/arith.ts';
import { binomial } from '../../src/core/combinatorics.ts';
import { UsageError } from '../../src/core/errors.ts';
import { intParam, rationalParam } from '../../src/core/params.ts';
import { Fraction } from '../../src/core/rational.ts';
import { capParam } from '../../src/core/truncation.ts';
import { exactMetrics } from '../../src/check/solving.ts';
import { solveModel, trusted } from '../../src/ctmc/solve.ts';
import { populationFamily } from '../../src/population/family.ts';
import type { Counts, PopulationEvent } from '../../src/population/types.ts';
import { jsqD } from '../../models/jsq-d.ts';

const params = {
  N: intParam('servers', { min: 1 }),
  d: intParam('servers sampled', { min: 1 }),
  T: intParam('threshold', { min: 1 }),
  lambda: rationalParam('load', 'positive'),
  K: capParam,
};

/**
 * `total`: declare that the counts sum to N; `limit`: give the sampled joins their fluid intensity lambda (t_i^d - t_{i+1}^d);
 * `leak`: add an event with a negative rate.
 */
function thresholdFamily(o: { total: boolean; limit: boolean; leak?: boolean }) {
  return populationFamily({
    id: 'jsqd-threshold',
    title: 'JSQ(d) with a threshold',
    params,
    metrics: { meanJobs: 'scalar' },
    example: { N: '3', d: '2', T: '2', lambda: '1/2' },
    truncation: { initialK: () => 4, nextK: (_p, K) => K + 4, unstable: () => null },
    fluid: { scale: (p) => p.N },
    simulator: { panels: {} },
    population<T>(p: { N: number; d: number; T: number; lambda: Fraction; K: number | undefined }, A: Arith<T>) {
      const { N, d } = p;
      const K = p.K!;
      const arrivals = p.lambda.mul(N);
      const atLeast = (y: Counts, i: number): number => {
        let s = 0;
        for (let j = i; j <= K; j++) s += y[j];
        return s;
      };
      const tail = (z: Float64Array, i: number): number => atLeast(z, i);
      const events: PopulationEvent<T>[] = [];
      for (let i = 0; i < K; i++) {
        const change = { [`y${i}`]: -1, [`y${i + 1}`]: +1 };
        if (i < p.T) {
          // The shortest of d servers sampled without replacement has length i: [C(S_i, d) - C(S_{i+1}, d)] / C(N, d).
          const share = (y: Counts) => new Fraction(binomial(atLeast(y, i), d) - binomial(atLeast(y, i + 1), d), binomial(N, d));
          const limit = (z: Float64Array) => p.lambda.valueOf() * (tail(z, i) ** d - tail(z, i + 1) ** d);
          events.push({ name: `sampled join at length ${i}`, change, rate: (y) => A.fromRational(arrivals.mul(share(y))), ...(o.limit ? { limit } : {}) });
        } else {
          events.push({ name: `uniform join at length ${i}`, change, rate: (y) => A.mul(A.fromRational(p.lambda), A.fromInt(y[i])) });
        }
      }
      if (o.leak) events.push({ name: 'leak', change: { y0: -1, y1: +1 }, rate: () => A.fromInt(-1) });
      for (let i = 1; i <= K; i++) {
        events.push({ name: `completion at length ${i}`, change: { [`y${i}`]: -1, [`y${i - 1}`]: +1 }, rate: (y) => A.fromInt(y[i]) });
      }
      return {
        counts: Array.from({ length: K + 1 }, (_, i) => `y${i}`),
        max: N,
        ...(o.total ? { total: N } : {}),
        initial: { y0: N },
        events,
        metrics: [{ name: 'meanJobs', reward: (y) => A.fromInt(Array.from({ length: K }, (_, i) => (i + 1) * y[i + 1]).reduce((a, b) => a + b, 0)) }],
        boundary: (y) => y[K] > 0,
      };
    },
  });
}

describe('population declarations: counts and layouts', () => {
  it('with T above every level it is JSQ(d): the same exact law as the jsq-d family at the same K', () => {
    const f = thresholdFamily({ total: true, limit: false });
    const ours = exactMetrics(f, f.parse({ N: '3', d: '2', T: '3', lambda: '1/2', K: '3' })).meanJobs;
    const jsq = exactMetrics(jsqD, jsqD.parse({ N: '3', d: '2', lambda: '1/2', K: '3' })).meanJobs;
    expect(ours.div(3).equals(jsq)).toBe(true); // jsq-d's meanJobs is per server
  });

  it('counts without `total` do not pack at the automatic K: one line naming the family and the K, saying to declare `total`', () => {
    const f = thresholdFamily({ total: false, limit: false });
    const p = f.parse({ N: '3', d: '2', T: '2', lambda: '1/2' });
    const message =
      'jsqd-threshold at K = 28: the 29 counts (y0 .. y28) need state codes beyond 2^53 (2.88e+17 codes); ' +
      'declare `total` when the counts always sum to a fixed number (servers, tokens): ' +
      'the first count is then implied, and few units over many counts are packed by unit';
    expect(() => solveModel(f, p, { method: 'iterative' })).toThrow(new UsageError(message));
    // Declared, the same counts are packed by unit and the automatic truncation is trusted.
    const solved = solveModel(thresholdFamily({ total: true, limit: false }), p, { method: 'iterative' });
    expect(trusted(solved.evidence)).toBe(true);
  });

  it('the chain and the simulator call rates at integer counts; a negative rate there names the family, the event and the state', () => {
    const f = thresholdFamily({ total: true, limit: false, leak: true });
    const p = f.parse({ N: '2', d: '2', T: '2', lambda: '1/2', K: '2' });
    const message = 'jsqd-threshold: event "leak" has rate -1 in state (y0=2, y1=0, y2=0); rates must be >= 0';
    expect(() => solveModel(f, p, { method: 'exact' })).toThrow(new UsageError(message));
    expect(() => f.simulator!.simulate(p, { seed: 1, horizon: 10, batches: 2 })).toThrow(new UsageError(message));
  });

  it('the fluid view calls rates at fractional counts: a rate written for integers is one line naming the family, the event and the rule', () => {
    const f = thresholdFamily({ total: true, limit: false });
    const p = f.parse({ N: '8', d: '2', T: '9', lambda: '1/2', K: '8' });
    let message = '';
    try {
      f.fluid!.fixedPoint(p);
    } catch (e) {
      if (!(e instanceof UsageError)) throw e;
      message = e.message;
    }
    expect(message).not.toContain('\n');
    expect(message).toMatch(/^jsqd-threshold: event "sampled join at length 0" throws \(.*BigInt.*\) at counts \(y0=7\.99[0-9]*, y1=0\.00[0-9]*, /);
    expect(message).toContain('the fluid view calls rates and rewards at the fractional counts N z (not integers)');
    expect(message).toContain('write them for real counts, or give the event limit(z)');
  });

  it("with limit(z) the fluid fixed point is JSQ(d)'s mean field s_i = lambda^((d^i - 1)/(d - 1))", () => {
    const f = thresholdFamily({ total: true, limit: true });
    const p = f.parse({ N: '8', d: '2', T: '9', lambda: '1/2', K: '8' });
    const y = f.fluid!.fixedPoint(p).state;
    // y holds every count's fraction (the first, implied by the total, too); s_i = y_i + ... + y_K.
    const s = (i: number) => Array.from(y.subarray(i)).reduce((a, b) => a + b, 0);
    for (let i = 1; i <= 4; i++) expect(Math.abs(s(i) - 0.5 ** (2 ** i - 1))).toBeLessThan(1e-8);
  });
});
