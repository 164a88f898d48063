/**
 * solveChain solves a chain written directly, with no model family around it:
 * the M/M/1/K queue against its closed form (test/support/mm1k.ts).
 */
import { describe, expect, it } from 'vitest';
import type { Arith } from '../../src/core/arith.ts';
import type { ChainDefinition } from '../../src/core/model.ts';
import { Fraction } from '../../src/core/rational.ts';
import { METHODS, solveChain } from '../../src/ctmc/solve.ts';
import { mm1k, mm1kChain } from '../support/mm1k.ts';

/** mm1kChain with a second reward P(n = 1) and the rewards written at once; `written` says what rewardsInto returns. */
function withRewardsInto(written: (n: number) => number | undefined): <T>(A: Arith<T>) => ChainDefinition<T> {
  return <T>(A: Arith<T>): ChainDefinition<T> => {
    const base = mm1kChain(new Fraction(3, 4), 6, false)(A);
    return {
      ...base,
      metrics: [...base.metrics, { name: 'pOne', reward: (s) => (s[0] === 1 ? A.one : A.zero) }],
      rewardsInto(s, out) {
        out[0] = A.fromInt(s[0]);
        out[1] = s[0] === 1 ? A.one : A.zero;
        return written(s[0]);
      },
    };
  };
}

describe('solveChain', () => {
  const rho = new Fraction(3, 4);
  const q = mm1k(rho, 6);

  it('reads every reward of a rewardsInto that returns nothing, and skips only those past a count it returns', () => {
    const p1 = q.full.div(rho.pow(5)).toFraction(); // pi_1 = rho / sum_n rho^n = P(n = K) / rho^(K - 1)
    const silent = solveChain(
      withRewardsInto(() => undefined),
      { method: 'exact' },
    );
    expect(silent.exact!.text).toEqual({ meanJobs: q.meanJobs.toFraction(), pOne: p1 });
    // A state that says it wrote only its first reward has 0 for the second: P(n = 1) is read in n = 1 alone.
    const counted = solveChain(
      withRewardsInto((n) => (n === 1 ? 2 : 1)),
      { method: 'exact' },
    );
    expect(counted.exact!.text).toEqual({ meanJobs: q.meanJobs.toFraction(), pOne: p1 });
    const floats = solveChain(
      withRewardsInto(() => undefined),
      { method: 'float' },
    );
    expect(floats.metrics.pOne).toBeCloseTo(q.full.div(rho.pow(5)).valueOf(), 14);
  });

  it('gives the closed form exactly, and the boundary mass P(n = K) with the K it is told', () => {
    const s = solveChain(mm1kChain(rho, 6, true), { method: 'exact', K: 6 });
    expect(s.exact!.text.meanJobs).toBe(q.meanJobs.toFraction());
    expect(s.evidence.states).toBe(7);
    expect(s.evidence.truncation!.K).toBe(6);
    expect(s.evidence.truncation!.boundaryMass).toBeCloseTo(q.full.valueOf(), 15);
    expect(s.evidence.truncation!.withinTolerance).toBe(false);
  });

  it('reports no truncation for a chain without a boundary (every method: test/ctmc/solvers.test.ts)', () => {
    for (const method of METHODS) expect(solveChain(mm1kChain(rho, 6, false), { method }).evidence.truncation).toBeUndefined();
  });

  it('auto takes the exact solver on a small chain', () => {
    const s = solveChain(mm1kChain(rho, 6, false), { method: 'auto' });
    expect(s.evidence.method).toBe('exact');
    expect(s.exact!.text.meanJobs).toBe(q.meanJobs.toFraction());
  });

  it('auto falls back to float when the exact solver runs out of its budget, and says which method answered', () => {
    // A budget of 0 s: the exact solver gives up at its first check, before any reconstruction.
    const s = solveChain(mm1kChain(rho, 6, false), { method: 'auto', autoExactSeconds: 0 });
    expect(s.exactIsCheap).toBe(true);
    expect(s.evidence.method).toBe('gth');
    expect(s.exact).toBeUndefined();
    expect(s.evidence.primes).toBeUndefined();
    expect(s.metrics.meanJobs).toBeCloseTo(q.meanJobs.valueOf(), 12);
    expect(s.evidence.residual).toBeLessThan(1e-14);
  });

  it('an exact solve asked for outright is not cut short by the auto budget', () => {
    const s = solveChain(mm1kChain(rho, 6, false), { method: 'exact', autoExactSeconds: 0 });
    expect(s.evidence.method).toBe('exact');
    expect(s.exact!.text.meanJobs).toBe(q.meanJobs.toFraction());
  });
});
