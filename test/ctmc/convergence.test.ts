/**
 * One convergence rule, scale-free, held by
 * every float solver. The scaled chains here stopped after one or two cycles and
 * were called converged under the old absolute rule max|pi Q| <= 1e-12.
 */
import { describe, expect, it } from 'vitest';
import { floatArith } from '../../src/core/arith.ts';
import { mixedRadixWeights } from '../../src/core/mixed-radix.ts';
import type { ChainDefinition } from '../../src/core/model.ts';
import { DEFAULT_RULE, jacobiResidual, meetsRule, ruleWith } from '../../src/ctmc/solvers/convergence.ts';
import { explore } from '../../src/ctmc/explore/explore.ts';
import { solveIterative } from '../../src/ctmc/solvers/iterative.ts';
import { solveModel, trusted } from '../../src/ctmc/solve.ts';
import { heteroPs } from '../../models/hetero-ps.ts';
import { lbcheck } from '../support/cli.ts';

/** Two independent birth-death digits (radix 120 each), every rate multiplied by `scale`. */
function scaledChain(scale: number) {
  const radices = [120, 120];
  const up = [0.9, 45];
  const down = [1, 50];
  const w = mixedRadixWeights(radices);
  const def: ChainDefinition<number> = {
    digitNames: ['a', 'b'],
    radices,
    initial: [0, 0],
    metrics: [],
    describe: (s) => Array.from(s).join(','),
    successors: (s, code, emit) => {
      for (let k = 0; k < 2; k++) {
        if (s[k] + 1 < radices[k]) emit(code + w[k], up[k] * scale);
        if (s[k] > 0) emit(code - w[k], down[k] * scale);
      }
    },
  };
  return explore(def, floatArith);
}

describe('the convergence rule', () => {
  it('is data: a norm, a tolerance, one default', () => {
    expect(DEFAULT_RULE).toEqual({ norm: 'jacobi-l1', tolerance: 1e-9 });
    expect(ruleWith(1e-12)).toEqual({ norm: 'jacobi-l1', tolerance: 1e-12 });
    expect(() => ruleWith(0)).toThrow('> 0');
  });

  it('an error estimate above the tolerance fails it, as does NaN', () => {
    expect(meetsRule(DEFAULT_RULE, 1e-12)).toBe(true);
    expect(meetsRule(DEFAULT_RULE, 1e-12, 0.56)).toBe(false);
    expect(meetsRule(DEFAULT_RULE, Number.NaN)).toBe(false);
  });

  it('the iterative solver does the same work on a chain with every rate times 1e-10', () => {
    const plain = solveIterative(scaledChain(1));
    const slow = solveIterative(scaledChain(1e-10));
    expect(slow.iterations).toBe(plain.iterations);
    expect(slow.converged).toBe(true);
    expect(Math.abs(slow.residual - plain.residual)).toBeLessThanOrEqual(1e-3 * plain.residual);
    let diff = 0;
    for (let i = 0; i < plain.pi.length; i++) diff += Math.abs(plain.pi[i] - slow.pi[i]);
    expect(diff).toBeLessThanOrEqual(1e-12);
  });

  it('hetero-ps with rates 1e-10 gives the unscaled answer, not one 2.4% off', () => {
    const at = (unit: string) => heteroPs.parse({ servers: '2,2', rates: `2/${unit},1/${unit}`, lambda: `1/${unit}`, K: '8' });
    const exact = solveModel(heteroPs, at('1'), { method: 'gth' }); // the unscaled chain by a direct method
    const slow = solveModel(heteroPs, at('10000000000'), { method: 'iterative' });
    expect(slow.evidence.converged).toBe(true); // K = 8 is part of the model here: its boundary mass is not the point
    expect(slow.evidence.errorEstimate!).toBeLessThanOrEqual(1e-9);
    const mj = (s: typeof exact) => s.metrics.meanJobs as number;
    expect(Math.abs(mj(slow) - mj(exact))).toBeLessThanOrEqual(1e-8 * mj(exact));
  });

  it('GTH is held to the tolerance: missing it is not converged', () => {
    const p = heteroPs.parse({ servers: '2,2', rates: '2,1', lambda: '1', K: '6' });
    const ok = solveModel(heteroPs, p, { method: 'gth' });
    expect(ok.evidence.converged).toBe(true);
    expect(ok.evidence.residualNorm).toBe('sum_j |(pi Q)_j| / q_j (pi sums to 1, q_j the exit rate)');
    const tight = solveModel(heteroPs, p, { method: 'gth', tolerance: 1e-300 });
    expect(tight.evidence.residual).toBeGreaterThan(1e-300);
    expect(tight.evidence.converged).toBe(false);
    expect(trusted(tight.evidence)).toBe(false);
  });

  it('jacobiResidual is scale-free', () => {
    const g1 = scaledChain(1);
    const g2 = scaledChain(1e-10);
    const r = solveIterative(g1);
    expect(Math.abs(jacobiResidual(g2, r.pi) - jacobiResidual(g1, r.pi))).toBeLessThanOrEqual(1e-3 * jacobiResidual(g1, r.pi));
  });

  it('solve prints the error estimate and the residual norm in its text output', () => {
    const r = lbcheck('solve', 'jiq-blocking', '--N', '60', '--lambda', '9/10', '--alpha', '3/5,2/5', '--method', 'iterative');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/residual \d\.\d\de-\d+ \(sum_j \|\(pi Q\)_j\| \/ q_j\), error estimate \d\.\d\de-\d+ \(\|\|pi - pi\*\|\|_1\)/);
  });
});
