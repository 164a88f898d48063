/**
 * The boundary mass is not a bound on a metric's truncation error: the
 * M/M/1 queue (jsq-d with N = 1, d = 1) has mean jobs rho/(1 - rho)
 * exactly, and its truncation loses far more in that metric than the mass on the
 * boundary. The evidence's metricError must cover the true error.
 */
import { describe, expect, it } from 'vitest';
import { solveModel, trusted } from '../../src/ctmc/solve.ts';
import { METRIC_ERROR_METHOD } from '../../src/ctmc/truncation-search.ts';
import { jsqD } from '../../models/jsq-d.ts';

describe('truncation.metricError', () => {
  it('covers the true error of M/M/1 mean jobs where the boundary mass does not', () => {
    const solved = solveModel(jsqD, jsqD.parse({ N: '1', d: '1', lambda: '9/10' }), { method: 'gth' });
    const t = solved.evidence.truncation!;
    const error = Math.abs((solved.metrics.meanJobs as number) - 9); // rho/(1 - rho), rho = 9/10
    expect(error).toBeGreaterThan(t.boundaryMass); // what the boundary mass alone would have claimed
    expect(t.metricErrorMethod).toBe(METRIC_ERROR_METHOD.direct); // GTH: no solver term
    expect(t.metricError!.meanJobs as number).toBeGreaterThanOrEqual(error);
    expect(t.metricErrorWithinTolerance).toBe(true);
    expect(trusted(solved.evidence)).toBe(true);
  });

  it('makes an answer untrusted when a metric still moves between the last two truncations', () => {
    // A tight metric tolerance that the change between truncations cannot meet.
    const solved = solveModel(jsqD, jsqD.parse({ N: '1', d: '1', lambda: '9/10' }), { method: 'gth', metricTolerance: 1e-15 });
    expect(solved.evidence.truncation!.metricErrorWithinTolerance).toBe(false);
    expect(trusted(solved.evidence)).toBe(false);
  });
});
