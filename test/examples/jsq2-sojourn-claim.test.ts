/**
 * The monotoneAlong example (examples/jsq2-sojourn-claim.ts): it holds, and
 * the values it compares are JSQ(2)'s mean sojourn times, checked against GTH
 * (direct elimination) on the chain cut far beyond the searched truncation
 * (boundary mass below 1e-13). The claim shows 10 significant digits.
 */
import { describe, expect, it } from 'vitest';
import { runProperty } from '../../src/check/runner.ts';
import { solveModel } from '../../src/ctmc/solve.ts';
import { jsqD } from '../../models/jsq-d.ts';
import { jsq2SojournFallsInN } from '../../examples/jsq2-sojourn-claim.ts';

describe('examples/jsq2-sojourn-claim.ts', () => {
  it('holds: the mean sojourn falls strictly from N = 2 to N = 5, the values those of GTH on far cuts', async () => {
    const r = await runProperty(jsq2SojournFallsInN, { seed: 42, progress: () => {} });
    expect(r.verdict).toBe('holds');
    const sequence = r.evidence.sequence as { point: string; meanSojourn: number }[];
    expect(sequence.map((s) => s.point)).toEqual(['N = 2', 'N = 3', 'N = 4', 'N = 5']);
    for (const [i, [N, K]] of [[2, 45], [3, 30]].entries()) {
      const far = solveModel(jsqD, jsqD.parse({ N: String(N), d: '2', lambda: '7/10', K: String(K) }), { method: 'gth' });
      expect(far.evidence.truncation!.boundaryMass).toBeLessThan(1e-13);
      expect(Math.abs(sequence[i].meanSojourn - (far.metrics.meanSojourn as number))).toBeLessThan(5e-9);
    }
    expect(sequence.every((s, i) => i === 0 || s.meanSojourn < sequence[i - 1].meanSojourn)).toBe(true);
  });
});
