import { describe, expect, it } from 'vitest';
import { heteroPs } from '../../models/hetero-ps.ts';
import { jiqQueueing } from '../../models/jiq-queueing.ts';
import { jsqD } from '../../models/jsq-d.ts';
import { runSimulation } from '../../src/sim/run.ts';
import { solveModel } from '../../src/ctmc/solve.ts';
import type { SimulatorView } from '../../src/core/simulator-view.ts';

/** Mean number in an M/M/1/K queue with load rho != 1: rho/(1-rho) - (K+1) rho^{K+1} / (1 - rho^{K+1}). */
function mm1kMean(rho: number, K: number): number {
  return rho / (1 - rho) - ((K + 1) * rho ** (K + 1)) / (1 - rho ** (K + 1));
}

/** P(n >= i) in an M/M/1/K queue: (rho^i - rho^{K+1}) / (1 - rho^{K+1}). */
function mm1kTail(rho: number, K: number, i: number): number {
  return (rho ** i - rho ** (K + 1)) / (1 - rho ** (K + 1));
}

const within = (e: { mean: number; stderr: number }, exact: number): void => {
  expect(e.stderr).toBeGreaterThan(0);
  expect(Math.abs(e.mean - exact)).toBeLessThan(4 * e.stderr);
};

describe('queueing simulators against closed forms', () => {
  it('jsq-d with d = 1 is N independent M/M/1/K queues', () => {
    const p = jsqD.parse({ N: '3', lambda: '0.7', d: '1', K: '5' });
    const r = runSimulation(jsqD.simulator!, p, { seed: 4, horizon: 30_000 });
    within(r.metrics.meanJobs, mm1kMean(0.7, 5));
    for (let i = 1; i <= 4; i++) within(r.metrics[`s[${i}]`], mm1kTail(0.7, 5, i));
  });

  it('jsq-d sampling with replacement: the simulator is within its 95% interval of the chain, and far from the chain without replacement', () => {
    const p = jsqD.parse({ N: '3', lambda: '0.8', d: '2', K: '8', sampling: 'with' });
    const chain = solveModel(jsqD, p, { method: 'gth' }).metrics;
    const other = solveModel(jsqD, { ...p, sampling: 'without' }, { method: 'gth' }).metrics;
    const r = runSimulation(jsqD.simulator!, p, { seed: 5, horizon: 300_000 });
    for (const [name, exact, distinct] of [
      ['meanJobs', chain.meanJobs, other.meanJobs],
      ['meanSojourn', chain.meanSojourn, other.meanSojourn],
      ['s[2]', (chain.s as number[])[1], (other.s as number[])[1]],
      ['s[3]', (chain.s as number[])[2], (other.s as number[])[2]],
    ] as const) {
      const e = r.metrics[name];
      expect(exact as number, name).toBeGreaterThanOrEqual(e.ci95[0]);
      expect(exact as number, name).toBeLessThanOrEqual(e.ci95[1]);
      expect(Math.abs(e.mean - (distinct as number)), name).toBeGreaterThan(6 * e.stderr);
    }
  });

  it('hetero-ps with one server of capacity 2 is an M/M/1/K queue at load lambda / 2', () => {
    const p = heteroPs.parse({ servers: '1', rates: '2', lambda: '1.5', K: '10' });
    const r = runSimulation(heteroPs.simulator!, p, { seed: 6, horizon: 30_000 });
    within(r.metrics.meanJobs, mm1kMean(0.75, 10));
    within(r.metrics['classMeanJobs[1]'], mm1kMean(0.75, 10));
    // Little over admitted jobs: admitted rate = lambda (1 - P(n = K)).
    const lost = (0.75 ** 10 * 0.25) / (1 - 0.75 ** 11);
    within(r.metrics.meanSojourn, mm1kMean(0.75, 10) / (1.5 * (1 - lost)));
  });

  it('jiq-queueing with one server and one dispatcher is an M/M/1/K queue; a job waits iff the server is busy', () => {
    const p = jiqQueueing.parse({ N: '1', lambda: '0.6', alpha: '1', K: '6' });
    const r = runSimulation(jiqQueueing.simulator!, p, { seed: 8, horizon: 30_000 });
    within(r.metrics.meanJobs, mm1kMean(0.6, 6));
    // PASTA over admitted jobs: P(wait) = P(1 <= n < K) / P(n < K).
    const pK = (0.6 ** 6 * 0.4) / (1 - 0.6 ** 7);
    within(r.metrics.waitProbability, (mm1kTail(0.6, 6, 1) - pK) / (1 - pK));
    within(r.metrics['tokenFraction[1]'], 1 - mm1kTail(0.6, 6, 1));
  });

  it('each queueing simulator reproduces a run bit for bit from its seed', () => {
    const reproduces = <P>(view: SimulatorView<P>, p: P): void => {
      const a = view.simulate(p, { seed: 21, horizon: 300, batches: 30 });
      const b = view.simulate(p, { seed: 21, horizon: 300, batches: 30 });
      expect(b.events).toBe(a.events);
      expect(Array.from(b.y)).toEqual(Array.from(a.y));
    };
    reproduces(jsqD.simulator!, jsqD.parse({ N: '5', lambda: '0.8', d: '2' }));
    reproduces(heteroPs.simulator!, heteroPs.parse({ servers: '2,2', rates: '2,1', lambda: '1.2', policy: 'hybrid', mix: '0.5' }));
    reproduces(jiqQueueing.simulator!, jiqQueueing.parse({ N: '4', lambda: '0.7', alpha: '0.7,0.3', nu: '1' }));
  });
});
