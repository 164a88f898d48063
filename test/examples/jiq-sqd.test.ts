/**
 * The worked example (examples/jiq-sqd.ts) against independent answers:
 * with d = N it is JSQ, the jsq-d family's chain with d = N (equal exactly at
 * the same cap K); with N = 1 it is the M/M/1/K queue; with d = 1 it differs
 * from JIQ-then-random only when no server is idle.
 */
import { describe, expect, it } from 'vitest';
import { Fraction } from '../../src/core/rational.ts';
import { solveModel } from '../../src/ctmc/solve.ts';
import { jsqD } from '../../models/jsq-d.ts';
import { jiqSqd } from '../../examples/jiq-sqd.ts';
import { mm1k } from '../support/mm1k.ts';

describe('examples/jiq-sqd.ts', () => {
  it.each([[2, '1/2', 3], [3, '7/10', 3], [4, '1/3', 2]] as const)('with d = N is JSQ: N = %i, lambda = %s, K = %i, exactly', (N, lambda, K) => {
    const raw = { N: String(N), d: String(N), lambda, K: String(K) };
    const a = solveModel(jiqSqd, jiqSqd.parse(raw), { method: 'exact' }).exact!.text;
    const b = solveModel(jsqD, jsqD.parse(raw), { method: 'exact' }).exact!.text;
    expect(a.meanJobs).toBe(b.meanJobs);
    expect(a.meanSojourn).toBe(b.meanSojourn);
  });

  it('with N = 1 is the M/M/1/K queue: mean jobs, and P(wait) = P(server busy) = 1 - (1 - rho)/(1 - rho^(K+1)) by PASTA', () => {
    const rho = new Fraction(3, 5);
    const q = mm1k(rho, 5);
    const s = solveModel(jiqSqd, jiqSqd.parse({ N: '1', d: '1', lambda: '3/5', K: '5' }), { method: 'exact' }).exact!.values;
    expect((s.meanJobs as Fraction).equals(q.meanJobs)).toBe(true);
    const empty = new Fraction(1).sub(rho).div(new Fraction(1).sub(rho.pow(6)));
    expect((s.waitProbability as Fraction).equals(new Fraction(1).sub(empty))).toBe(true);
  });

  it('rejects d > N, and lambda >= 1 without a cap, in one line', () => {
    expect(() => jiqSqd.parse({ N: '2', d: '3', lambda: '1/2' })).toThrow('--d must be <= N = 2 (d distinct servers are sampled), got 3');
    expect(() => solveModel(jiqSqd, jiqSqd.parse({ N: '2', d: '1', lambda: '1' }), { method: 'auto' })).toThrow('--lambda must be < 1 for the queues to be stable, got 1; give --K to solve the truncated chain anyway');
    expect(solveModel(jiqSqd, jiqSqd.parse({ N: '2', d: '1', lambda: '1', K: '3' }), { method: 'exact' }).evidence.states).toBe(10); // a cut chain is finite at any load: C(2 + 3, 2)
  });
});
