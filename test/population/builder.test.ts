/**
 * The population builder's contract: declaration errors name the event (or
 * count) and the state in one line; both packings give the same chain; the
 * derived simulator estimates what the chain solves; the derived drift is
 * Kurtz's sum of changes times intensities.
 */
import { describe, expect, it } from 'vitest';
import { floatArith, type Arith } from '../../src/core/arith.ts';
import { UsageError } from '../../src/core/errors.ts';
import { Fraction, type Rational } from '../../src/core/rational.ts';
import { solveChain } from '../../src/ctmc/solve.ts';
import { runSimulation } from '../../src/sim/run.ts';
import { populationChain } from '../../src/population/chain.ts';
import { populationFluid } from '../../src/population/fluid.ts';
import { layout, pack } from '../../src/population/layout.ts';
import { simulatePopulation } from '../../src/population/simulator.ts';
import type { Population, PopulationEvent } from '../../src/population/types.ts';
import { mm1k } from '../support/mm1k.ts';

/** N exchangeable M/M/1/K queues with arrivals rho each, as occupancy counts y_0..y_K summing to N. */
function queues<T>(N: number, K: number, rho: Rational, A: Arith<T>, bad: Partial<PopulationEvent<T>> = {}): Population<T> {
  const events: PopulationEvent<T>[] = [];
  for (let i = 0; i < K; i++)
    events.push({ name: `arrival at length ${i}`, change: { [`y${i}`]: -1, [`y${i + 1}`]: +1 }, rate: (y) => A.mul(A.fromRational(rho), A.fromInt(y[i])) });
  for (let i = 1; i <= K; i++) events.push({ name: `completion at length ${i}`, change: { [`y${i}`]: -1, [`y${i - 1}`]: +1 }, rate: (y) => A.fromInt(y[i]) });
  if (bad.name) events.push({ name: bad.name, change: bad.change ?? {}, rate: bad.rate! });
  return {
    counts: Array.from({ length: K + 1 }, (_, i) => `y${i}`),
    max: N,
    total: N,
    initial: {},
    events,
    metrics: [
      { name: 'meanJobs', reward: (y) => A.div(A.fromInt(Array.from({ length: K + 1 }, (_, i) => i * y[i]).reduce((a, b) => a + b, 0)), A.fromInt(N)) },
    ],
  };
}

const half = new Fraction(1, 2);

describe('population declarations', () => {
  it('solve to the closed form: N independent M/M/1/K queues have mean jobs per queue E[M/M/1/K]', () => {
    for (const [N, K] of [
      [1, 4],
      [3, 3],
      [2, 6],
    ]) {
      const s = solveChain((A) => populationChain(queues(N, K, half, A), A), { method: 'exact' });
      expect(s.exact!.text.meanJobs).toBe(mm1k(half, K).meanJobs.toFraction());
    }
  });

  it('pack few servers with many levels by units, many servers with few levels by counts, and solve alike', () => {
    const few = pack(layout(queues(2, 30, half, floatArith)));
    const many = pack(layout(queues(30, 2, half, floatArith)));
    expect(few.packing).toBe('units');
    expect(few.radices).toEqual([31, 31]);
    expect(many.packing).toBe('counts');
    expect(many.radices).toEqual([31, 31]);
    // Units packing on a chain that fits both ways: the same exact law as the counts packing.
    const units = solveChain((A) => populationChain(queues(2, 5, half, A), A), { method: 'exact' });
    expect(pack(layout(queues(2, 5, half, floatArith))).packing).toBe('units');
    expect(units.exact!.text.meanJobs).toBe(mm1k(half, 5).meanJobs.toFraction());
  });

  it.each([
    [
      'a negative rate',
      { name: 'leak', change: { y0: -1, y1: +1 }, rate: () => -1 },
      'event "leak" has rate -1 in state (y0=2, y1=0, y2=0); rates must be >= 0',
    ],
    [
      'a NaN rate',
      { name: 'nan', change: { y0: -1, y1: +1 }, rate: () => Number.NaN },
      'event "nan" has rate NaN in state (y0=2, y1=0, y2=0); rates must be >= 0',
    ],
    [
      'a count below zero',
      { name: 'ghost completion', change: { y2: -1, y1: +1 }, rate: () => 1 },
      'event "ghost completion" takes y2 to -1 (range 0..2) in state (y0=2, y1=0, y2=0)',
    ],
    ['a change off the fixed total', { name: 'spawn', change: { y0: +1 }, rate: () => 1 }, 'event "spawn" changes the counts\' sum, which is fixed at 2'],
    [
      'an undeclared count',
      { name: 'typo', change: { y9: +1, y0: -1 }, rate: () => 1 },
      'event "typo" names the count "y9", which is not declared (counts: y0, y1, y2)',
    ],
  ] as const)('reject %s in one line naming the event and the state', (_, bad, message) => {
    const chain = (A: Arith<number>) => populationChain(queues(2, 2, half, A, bad as Partial<PopulationEvent<number>>), A);
    const e = (() => {
      try {
        solveChain(chain as never, { method: 'gth' });
      } catch (err) {
        return err;
      }
      return null;
    })();
    expect(e).toBeInstanceOf(UsageError);
    expect((e as Error).message).toBe(message);
  });

  it('reject a count above its maximum', () => {
    const pop: Population<number> = {
      counts: ['n'],
      max: 2,
      initial: {},
      metrics: [],
      events: [
        { name: 'arrival', change: { n: +1 }, rate: () => 1 },
        { name: 'completion', change: { n: -1 }, rate: (x) => x[0] },
      ],
    };
    expect(() => solveChain((A) => populationChain(pop as unknown as Population<typeof A.zero>, A), { method: 'gth' })).toThrow(
      'event "arrival" takes n to 3 (range 0..2) in state (n=2)',
    );
  });

  it("derive a simulator that estimates the chain's metrics (M/M/1/K, 4 queues): exact value inside 4 stderr", () => {
    const pop = queues(4, 4, new Fraction(7, 10), floatArith);
    const exact = solveChain((A) => populationChain(queues(4, 4, new Fraction(7, 10), A), A), { method: 'exact' }).metrics.meanJobs as number;
    const r = runSimulation({ simulate: (_p, o) => simulatePopulation(pop, o), panels: {} }, null, { seed: 3, horizon: 20_000 });
    const e = r.metrics.meanJobs;
    expect(Math.abs(e.mean - exact)).toBeLessThan(4 * e.stderr);
    expect(e.stderr).toBeLessThan(0.02);
  });

  it('derive the drift sum_e change_e rate_e(N z)/N', () => {
    const f = populationFluid(queues(10, 2, half, floatArith), 10);
    const z = Float64Array.from([0.5, 0.3, 0.2]);
    const dz = new Float64Array(3);
    f.system.derivative(z, dz);
    // dy0 = -rho y0 + y1, dy1 = rho y0 - rho y1 - y1 + y2, dy2 = rho y1 - y2 (per N)
    expect(Array.from(dz)).toEqual([-0.25 + 0.3, 0.25 - 0.15 - 0.3 + 0.2, 0.15 - 0.2].map((v) => expect.closeTo(v, 15)));
    expect(f.system.invariants[0].total).toBe(1);
  });
});
