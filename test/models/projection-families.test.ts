/**
 * The finite state projection (automatic truncation) of jiq-queueing and JSQ
 * against values computed independently: the untruncated M/M/1 queue (N = 1),
 * the K search (searchCap, a different truncation of the same chain), and JSQ
 * at N = 2 from the per-server chain (test/support/labelled-chains.ts) cut so
 * far out that its cut is negligible. (hetero-ps: test/models/hetero-ps.test.ts.)
 * affinity: the same three checks (one server, one group = JSQ, the K search).
 */
import { describe, expect, it } from 'vitest';
import type { MetricValues, ModelFamily } from '../../src/core/model.ts';
import type { ParamSpecs } from '../../src/core/params.ts';
import { solveChain, solveModel } from '../../src/ctmc/solve.ts';
import { trusted, type Solved } from '../../src/ctmc/solve-chain.ts';
import { hopelessBudget, searchCap } from '../../src/ctmc/truncation/truncation-search.ts';
import { affinity } from '../../models/affinity.ts';
import { jiqQueueing } from '../../models/jiq-queueing.ts';
import { jsqD } from '../../models/jsq-d.ts';
import { labelledJsqd } from '../support/labelled-chains.ts';

/** Every entry of every metric within `tol` of the other's. */
function expectClose(a: MetricValues<number>, b: MetricValues<number>, tol: number): void {
  expect(Object.keys(a).sort()).toEqual(Object.keys(b).sort());
  for (const [name, v] of Object.entries(a)) {
    const w = ([] as number[]).concat(b[name]);
    ([] as number[]).concat(v).forEach((x, i) => expect(Math.abs(x - w[i]), `${name}[${i}]`).toBeLessThan(tol));
  }
}

/**
 * The projection and the K search (searchCap) of the same parameters: both
 * trusted, every metric within 1e-10. Iterative (the projected sets are too
 * wide a band for GTH), held to 1e-13. Returns the projection's answer.
 */
function expectProjectionMatchesCap<P>(family: ModelFamily<ParamSpecs, P>, p: P): Solved {
  const projected = solveModel(family, p, { method: 'iterative', tolerance: 1e-13 });
  const cap = searchCap(family, family.truncation!, p, { method: 'iterative', tolerance: 1e-13 });
  expect(projected.evidence.truncation!.kind).toBe('projection');
  expect(cap.evidence.truncation!.kind).toBe('cap');
  expect(trusted(projected.evidence)).toBe(true);
  expect(trusted(cap.evidence)).toBe(true);
  expectClose(projected.metrics, cap.metrics, 1e-10);
  return projected;
}

describe('jiq-queueing: the projection', () => {
  it('N = 1 is the untruncated M/M/1 queue: mean jobs rho / (1 - rho), sojourn 1 / (1 - lambda), P(wait) = lambda', () => {
    const s = solveModel(jiqQueueing, jiqQueueing.parse({ N: '1', lambda: '3/5', alpha: '3/5,2/5' }), { method: 'gth' });
    expect(s.evidence.truncation!.kind).toBe('projection');
    expect(trusted(s.evidence)).toBe(true);
    expect(s.metrics.meanJobs as number).toBeCloseTo(1.5, 10);
    expect(s.metrics.meanSojourn as number).toBeCloseTo(2.5, 10);
    expect(s.metrics.waitProbability as number).toBeCloseTo(0.6, 10);
    expect(s.metrics.meanWait as number).toBeCloseTo(1.5, 10);
  });

  it.each([[{ N: '3', lambda: '1/2', alpha: '3/5,2/5' }], [{ N: '4', lambda: '1/4', alpha: '1/2,1/3,1/6', nu: '1/2' }]])(
    'agrees with the K search to 1e-10: %j',
    (raw) => {
      expectProjectionMatchesCap(jiqQueueing, jiqQueueing.parse(raw));
    },
  );
});

describe('JSQ at N = 2: the projection against the per-server chain', () => {
  it.each(['1/2', '4/5'])('lambda = %s: the same metrics to 1e-10 as the labelled chain cut at K = 200 (boundary mass < 1e-30)', (lambda) => {
    const p = jsqD.parse({ N: '2', lambda, d: '2' });
    const projected = solveModel(jsqD, p, { method: 'gth' });
    expect(projected.evidence.truncation!.kind).toBe('projection');
    expect(trusted(projected.evidence)).toBe(true);
    const K = 200;
    const labelled = solveChain((A) => labelledJsqd({ ...p, K }, A), { method: 'gth', K });
    expect(labelled.evidence.truncation!.boundaryMass).toBeLessThan(1e-30);
    expectClose(
      { meanJobs: projected.metrics.meanJobs, meanSojourn: projected.metrics.meanSojourn },
      { meanJobs: labelled.metrics.meanJobs, meanSojourn: labelled.metrics.meanSojourn },
      1e-10,
    );
  });
});

describe('affinity: the projection', () => {
  it('one server is the untruncated M/M/1 queue: mean jobs rho / (1 - rho), sojourn 1 / (mu1 - lambda), no secondary service', () => {
    const s = solveModel(affinity, affinity.parse({ servers: '1', lambda: '3/5', mu1: '3/2' }), { method: 'gth' });
    expect(s.evidence.truncation!.kind).toBe('projection');
    expect(trusted(s.evidence)).toBe(true);
    expect(s.metrics.meanJobs as number).toBeCloseTo(2 / 3, 10);
    expect(s.metrics.meanSojourn as number).toBeCloseTo(1 / (3 / 2 - 3 / 5), 10);
    expect(s.metrics.secondaryFraction).toBe(0);
  });

  it.each(['4/5'])('one group of 2 with d1 = 2 is JSQ at N = 2 (lambda = %s): the labelled JSQ chain cut at K = 200, to 1e-10', (lambda) => {
    const projected = solveModel(affinity, affinity.parse({ servers: '2', lambda, d1: '2' }), { method: 'gth' });
    expect(projected.evidence.truncation!.kind).toBe('projection');
    expect(trusted(projected.evidence)).toBe(true);
    const K = 200;
    const labelled = solveChain((A) => labelledJsqd({ ...jsqD.parse({ N: '2', lambda, d: '2' }), K }, A), { method: 'gth', K });
    expect(labelled.evidence.truncation!.boundaryMass).toBeLessThan(1e-30);
    expectClose(
      { meanJobs: projected.metrics.meanJobs, meanSojourn: projected.metrics.meanSojourn },
      { meanJobs: labelled.metrics.meanJobs, meanSojourn: labelled.metrics.meanSojourn },
      1e-10,
    );
  });

  it.each([
    [{ servers: '1,1', lambda: '1/2,3/4', mu2: '1/4' }],
    [{ servers: '2,1', lambda: '1/3,1/4', mu2: '1/3' }],
    [{ servers: '2,2', lambda: '1/4,1/3', d1: '2', d2: '2' }],
  ])('agrees with the K search to 1e-10: %j', (raw) => {
    const projected = expectProjectionMatchesCap(affinity, affinity.parse(raw));
    expect(projected.metrics.secondaryFraction as number).toBeGreaterThan(0.01); // the groups do interact
  });

  it(
    'servers 2,2 at lambda = 9/10: the start grows breadth first while its frontier holds > 0.05, ' +
      'then the fit follows the mass (frontier < 1e-5 at 524,288 states)',
    () => {
      // Before: grown from 1,024 states by a fit over the outer half, the frontier mass went 0.2 -> 0.37 -> 0.26 -> 0.23.
      const p = affinity.parse({ servers: '2,2', lambda: '9/10,9/10', d1: '2', d2: '2' });
      const s = solveModel(affinity, p, { method: 'iterative', maxStates: 524288 });
      const t = s.evidence.truncation!;
      expect(t.kind).toBe('projection');
      expect(t.rounds!.map((r) => [r.states, r.growth])).toEqual([
        [1024, 'breadth-first'],
        [8192, 'breadth-first'],
        [65536, 'breadth-first'],
        [524288, 'fit'],
      ]);
      const mass = t.rounds!.map((r) => r.boundaryMass);
      expect(mass[0]).toBeGreaterThan(1e-2);
      mass.slice(1).forEach((m, i) => expect(m).toBeLessThan(mass[i] / 3));
      expect(mass[3]).toBeLessThan(1e-5);
      expect(trusted(s.evidence)).toBe(false);
      expect(t.stopped).toMatch(/budget of 524288 states/);
    },
  );
});

/** [states, frontier mass, growth] of every round of real searches (lbcheck solve ... --json, truncation.rounds). */
type Round = [number, number, 'breadth-first' | 'fit'];
const ROUNDS: Record<string, Round[]> = {
  // jiq-queueing --N 6 --alpha 3/5,2/5 --lambda 0.9: the law spreads over every partition of the jobs (about 2e9 states needed)
  jiqQueueing6: [
    [1024, 0.116, 'breadth-first'],
    [8192, 0.0361, 'breadth-first'],
    [65536, 0.0167, 'fit'],
    [524288, 0.00312, 'fit'],
  ],
  // --N 4: needs about 1.1e7 states; without a budget it would get there (1.1e-12 at 1e7)
  jiqQueueing4: [
    [1024, 0.0475, 'breadth-first'],
    [8192, 0.0183, 'fit'],
    [65536, 0.00111, 'fit'],
    [524288, 4.63e-6, 'fit'],
    [4194304, 1.86e-10, 'fit'],
    [7702120, 5.2e-12, 'fit'],
    [9627650, 1.35e-12, 'fit'],
  ],
  jsqd6: [
    [1024, 0.0364, 'breadth-first'],
    [8192, 0.00925, 'fit'],
    [65536, 2.58e-6, 'fit'],
    [466658, 6.58e-11, 'fit'],
    [733926, 1.34e-12, 'fit'],
  ],
  jsq8: [
    [1024, 0.00387, 'breadth-first'],
    [8192, 0.00293, 'fit'],
    [65536, 1.53e-8, 'fit'],
    [158422, 2.85e-11, 'fit'],
    [210461, 5.39e-12, 'fit'],
    [263077, 1.32e-12, 'fit'],
  ],
  heteroPs: [
    [1024, 0.0485, 'breadth-first'],
    [8192, 0.0124, 'fit'],
    [65536, 8.72e-7, 'fit'],
    [312787, 1.45e-11, 'fit'],
    [397382, 1.84e-12, 'fit'],
  ],
  // jsq-d --N 10 --d 2 --lambda 0.9 --boundary-tolerance 1e-10, its start grown breadth first while its frontier held > 1e-2
  jsqd10: [
    [1024, 0.122, 'breadth-first'],
    [8192, 0.0442, 'breadth-first'],
    [65536, 0.0123, 'breadth-first'],
    [524288, 0.00257, 'breadth-first'],
  ],
};
const rounds = (id: string, n: number) => ROUNDS[id].slice(0, n).map(([states, boundaryMass, growth]) => ({ states, boundaryMass, growth, seconds: 0 }));
const reductionTo = (tol: number) => (r: { boundaryMass: number }[]) => r[r.length - 1].boundaryMass / (0.5 * tol);

describe('the projection search gives up early only when its budget is hopeless', () => {
  it('jiq-queueing N = 6 at lambda = 0.9: after four rounds, even twice the fitted rate needs 6.2e11 states', () => {
    const r = rounds('jiqQueueing6', 4);
    expect(hopelessBudget(r, reductionTo(1e-12)(r), 1e7)).toBe(
      'the boundary mass falls too slowly for the budget: F ~ states^-0.81 over the last two rounds, ' +
        'and even twice that rate needs about 6.2e+11 states for the tolerances, more than 30 times the budget of 1e+7',
    );
    // Three rounds are too few to judge (the first sets are breadth-first), however bad the forecast.
    const early = rounds('jiqQueueing6', 3);
    expect(hopelessBudget(early, reductionTo(1e-12)(early), 1e7)).toBeUndefined();
  });

  it('never from a breadth-first round: it says how fast a ball gains mass, not the fit (jsq-d N = 10 would forecast 6.9e10)', () => {
    const r = rounds('jsqd10', 4);
    expect(hopelessBudget(r, reductionTo(1e-10)(r), 1e7)).toBeUndefined();
    const asIfFitted = r.map((x) => ({ ...x, growth: 'fit' as const }));
    expect(hopelessBudget(asIfFitted, reductionTo(1e-10)(asIfFitted), 1e7)).toMatch(/needs about 6\.9e\+10 states/);
  });

  it.each(['jiqQueueing4', 'jsqd6', 'jsq8', 'heteroPs'])('never on a search that (nearly) gets there: %s, at every round', (id) => {
    for (let n = 1; n <= ROUNDS[id].length; n++) {
      const r = rounds(id, n);
      expect(hopelessBudget(r, reductionTo(1e-12)(r), 1e7), `round ${n}`).toBeUndefined();
    }
  });

  it('the search stops there, untrusted, with its fourth round as the answer (jiq-queueing N = 5, lambda = 0.9)', () => {
    const s = solveModel(jiqQueueing, jiqQueueing.parse({ N: '5', lambda: '9/10', alpha: '3/5,2/5' }), { method: 'auto' });
    const t = s.evidence.truncation!;
    expect(trusted(s.evidence)).toBe(false);
    expect(t.rounds!.map((r) => [r.states, r.growth])).toEqual([
      [1024, 'breadth-first'],
      [8192, 'breadth-first'],
      [65536, 'fit'],
      [524288, 'fit'],
    ]);
    expect(t.stopped).toMatch(
      /^the boundary mass falls too slowly for the budget: .* needs about [0-9.]+e\+(8|9) states for the tolerances, more than 30 times the budget of 1e\+7$/,
    );
  });
});
