/**
 * The boundary mass is not a bound on a metric's truncation error: the
 * M/M/1 queue (jsq-d with N = 1, d = 1) has mean jobs rho/(1 - rho)
 * exactly, and its truncation loses far more in that metric than the mass on the
 * boundary. The evidence's metricError must cover the true error.
 */
import { describe, expect, it } from 'vitest';
import { solveModel, trusted } from '../../src/ctmc/solve.ts';
import { Search } from '../../src/ctmc/truncation/search-rounds.ts';
import type { Solved } from '../../src/ctmc/solve-chain.ts';
import { METRIC_ERROR_METHOD } from '../../src/ctmc/truncation/truncation-search.ts';
import { jsqD } from '../../models/jsq-d.ts';
import { searchRound } from '../support/search-round.ts';

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
    // Two rounds of a search, the boundary within tolerance, mean jobs still moving by 1e-6.
    const round = (states: number, meanJobs: number): Solved => searchRound('gth', states, meanJobs);
    const search = new Search({ method: 'gth' });
    search.record(round(100, 9));
    const last = round(200, 9 + 1e-6);
    expect(search.record(last)).toBe(false);
    const solved = search.finish(last, 'projection');
    expect(solved.evidence.truncation!.metricError!.meanJobs).toBeCloseTo(1e-6, 12);
    expect(solved.evidence.truncation!.metricErrorWithinTolerance).toBe(false);
    expect(trusted(solved.evidence)).toBe(false);
  });

  it("meets a metric tolerance of 1e-15 on M/M/1 mean jobs by raising the projection's cap, the error bar covering rho/(1 - rho) = 9", () => {
    // Before: the set filled the chain cut at the first cap (328) and stopped, untrusted, blaming the state codes.
    const solved = solveModel(jsqD, jsqD.parse({ N: '1', d: '1', lambda: '9/10' }), { method: 'gth', metricTolerance: 1e-15 });
    const t = solved.evidence.truncation!;
    expect(t.caps![0]).toBe(328);
    expect(t.caps!.length).toBeGreaterThan(1);
    expect(trusted(solved.evidence)).toBe(true);
    expect(Math.abs((solved.metrics.meanJobs as number) - 9)).toBeLessThanOrEqual(1e-15 * 9);
  });

  it('gives every level s_i of jsq-d N = 2, d = 1 an error bar covering its closed form lambda^i, those the set cannot hold at least the boundary mass', () => {
    // d = 1: two independent M/M/1 queues of load lambda, so s_i (the fraction of servers with >= i jobs) is lambda^i.
    const solved = solveModel(jsqD, jsqD.parse({ N: '2', d: '1', lambda: '9/10' }), { method: 'auto' });
    const t = solved.evidence.truncation!;
    expect(trusted(solved.evidence)).toBe(true);
    const s = solved.metrics.s as number[];
    const error = t.metricError!.s as number[];
    expect(s.some((x) => x === 0)).toBe(true); // levels past the longest queue the set holds
    s.forEach((x, k) => {
      expect(Math.abs(x - 0.9 ** (k + 1))).toBeLessThanOrEqual(error[k]); // before: 49 of 335 levels were not covered, s_287 = 0 with error 0
      expect(error[k]).toBeGreaterThanOrEqual(t.boundaryMass);
    });
    expect(Math.abs((solved.metrics.meanJobs as number) - 9)).toBeLessThanOrEqual(t.metricError!.meanJobs as number); // lambda/(1 - lambda) per server
  });
});
