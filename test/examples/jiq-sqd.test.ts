/**
 * The worked example (examples/jiq-sqd.ts) against independent answers:
 * with d = N it is JSQ, the jsq-d family's chain with d = N (equal exactly at
 * the same cap K); with N = 1 it is the M/M/1/K queue; with d = 1 it differs
 * from JIQ-then-random only when no server is idle.
 */
import { describe, expect, it } from 'vitest';
import { Fraction, ratToNumber } from '../../src/core/rational.ts';
import { solveModel, trusted } from '../../src/ctmc/solve.ts';
import { solveTrusted } from '../../src/check/solving.ts';
import { BOUNDARY_TOLERANCE } from '../../src/core/numerical-policy.ts';
import { jsqD } from '../../models/jsq-d.ts';
import { jiqSqd } from '../../examples/jiq-sqd.ts';
import { lbcheck } from '../support/cli.ts';
import { mm1k } from '../support/mm1k.ts';

describe('examples/jiq-sqd.ts', () => {
  it.each([
    [2, '1/2', 3],
    [3, '7/10', 3],
    [4, '1/3', 2],
  ] as const)('with d = N is JSQ: N = %i, lambda = %s, K = %i, exactly', (N, lambda, K) => {
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
    expect(() => solveModel(jiqSqd, jiqSqd.parse({ N: '2', d: '1', lambda: '1' }), { method: 'auto' })).toThrow(
      '--lambda must be < 1 for the queues to be stable, got 1; give --K to solve the truncated chain anyway',
    );
    // a cut chain is finite at any load: C(2 + 3, 2)
    expect(solveModel(jiqSqd, jiqSqd.parse({ N: '2', d: '1', lambda: '1', K: '3' }), { method: 'exact' }).evidence.states).toBe(10);
  });

  // The README's example claim solves this point with the iterative solver at the claims' boundary mass (BOUNDARY_TOLERANCE).
  const point = { N: '2', d: '1', lambda: '3/20' };
  const opts = { method: 'iterative', boundaryTolerance: BOUNDARY_TOLERANCE } as const;

  it('the 66-state chain (N = 2, d = 1, lambda = 3/20, K = 10) by the iterative solver is converged, its error bars covering the exact law', () => {
    const p = jiqSqd.parse({ ...point, K: '10' });
    const float = solveModel(jiqSqd, p, opts);
    const exact = solveModel(jiqSqd, p, { method: 'exact' }).exact!.values;
    expect(float.evidence.states).toBe(66);
    expect(float.evidence.converged).toBe(true);
    expect(trusted(float.evidence)).toBe(true);
    expect(float.evidence.errorEstimate!).toBeLessThan(1e-12);
    for (const name of ['meanJobs', 'meanSojourn', 'waitProbability']) {
      const want = ratToNumber(exact[name] as Fraction);
      // |E f - E* f| <= ||pi - pi*||_1 * half f's range: the solver's error bar is a bound here
      expect(Math.abs((float.metrics[name] as number) - want)).toBeLessThanOrEqual((float.metricSolverError![name] as number) + 4 * Number.EPSILON * want);
    }
  });

  it('the automatic truncation at that point is trusted, within its error bars of the exact law cut far beyond it (K = 30)', () => {
    const solved = solveModel(jiqSqd, jiqSqd.parse(point), opts);
    const t = solved.evidence.truncation!;
    expect(trusted(solved.evidence)).toBe(true);
    expect(t.stopped).toBeUndefined();
    expect(t.rounds!.some((r) => r.resolved)).toBe(false); // the truncation was what was left, so K grew
    const far = solveModel(jiqSqd, jiqSqd.parse({ ...point, K: '30' }), { method: 'exact' }).exact!.values;
    for (const name of ['meanJobs', 'meanSojourn', 'waitProbability']) {
      expect(Math.abs((solved.metrics[name] as number) - ratToNumber(far[name] as Fraction))).toBeLessThanOrEqual(t.metricError![name] as number);
    }
  });

  it('solveTrusted answers by the default method where the one asked for is not trusted', () => {
    const p = jsqD.parse({ N: '2', d: '2', lambda: '1/5', K: '20' });
    const asked = { method: 'iterative', maxIterations: 1 } as const;
    expect(solveModel(jsqD, p, asked).evidence.converged).toBe(false);
    const solved = solveTrusted(jsqD, p, asked);
    const exact = solveModel(jsqD, p, { method: 'exact' }).exact!.text;
    expect(solved.evidence.method).toBe('exact');
    expect(solved.exact!.text.meanJobs).toBe(exact.meanJobs);
  });
});

describe('examples/jiq-sqd-claims.ts through the CLI', () => {
  it('the README example: jiq-sqd-beats-sqd holds, jiq-sqd-matches-jsq is refuted, exit 0', () => {
    const r = lbcheck('check', '--file', 'examples/jiq-sqd-claims.ts', '--no-builtins', '--json');
    const verdicts = Object.fromEntries((JSON.parse(r.stdout).results as { id: string; verdict: string }[]).map((x) => [x.id, x.verdict]));
    expect(verdicts).toEqual({ 'jiq-sqd-beats-sqd': 'holds', 'jiq-sqd-matches-jsq': 'refuted' });
    expect(r.code).toBe(0);
  });
});
