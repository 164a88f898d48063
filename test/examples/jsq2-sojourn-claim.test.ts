/**
 * The monotoneAlong example (examples/jsq2-sojourn-claim.ts): it holds, and
 * the values it compares are JSQ(2)'s mean sojourn times, checked against GTH
 * (direct elimination) on the chain cut far beyond the searched truncation
 * (boundary mass below 1e-13). The claim shows 10 significant digits.
 */
import { describe, expect, it } from 'vitest';
import { runProperty } from '../../src/check/runner.ts';
import { scalarMetric } from '../../src/check/solving.ts';
import { solveModel } from '../../src/ctmc/solve.ts';
import { jsqD } from '../../models/jsq-d.ts';
import { jsq2SojournFallsInN } from '../../examples/jsq2-sojourn-claim.ts';

describe('examples/jsq2-sojourn-claim.ts', () => {
  it('holds: the mean sojourn falls strictly from N = 2 to N = 5, the values those of GTH on far cuts', async () => {
    const r = await runProperty(jsq2SojournFallsInN, { seed: 42, progress: () => {} });
    expect(r.verdict).toBe('holds');
    const far = [
      [2, 45],
      [3, 30],
    ].map(([N, K]) => {
      const solved = solveModel(jsqD, jsqD.parse({ N: String(N), d: '2', lambda: '7/10', K: String(K) }), { method: 'gth' });
      expect(solved.evidence.truncation!.boundaryMass).toBeLessThan(1e-13);
      return scalarMetric(solved.metrics, 'meanSojourn');
    });
    // toBeCloseTo's 8 digits: within 5e-9 (the claim shows 10 significant digits).
    expect(r.evidence.sequence).toMatchObject([
      { point: 'N = 2', meanSojourn: expect.closeTo(far[0], 8) },
      { point: 'N = 3', meanSojourn: expect.closeTo(far[1], 8) },
      { point: 'N = 4' },
      { point: 'N = 5' },
    ]);
    expect(r.summary).toMatch(/^meanSojourn falls strictly at each of the 3 steps, from 2\.108197274 \(N = 2\) to 1\.75\d+ \(N = 5\)$/);
  });
});
