/**
 * The float solver's own error in a truncated answer's evidence: the
 * search's metricError is the change between its last two truncations plus the
 * solver's estimate for the last solve, and where the solver's part keeps the
 * search from settling it solves the same truncation again at a tighter
 * tolerance. References: the exact rational solve of the same chain, and the
 * M/M/1 queue (jsq-d with N = 1, d = 1), whose mean jobs is rho/(1 - rho) = 9 at
 * lambda = 9/10.
 */
import { describe, expect, it } from 'vitest';
import { solveModel, trusted } from '../../src/ctmc/solve.ts';
import { Search } from '../../src/ctmc/truncation/search-rounds.ts';
import type { Solved } from '../../src/ctmc/solve-chain.ts';
import { METRIC_ERROR_METHOD, searchCap } from '../../src/ctmc/truncation/truncation-search.ts';
import { jsqD } from '../../models/jsq-d.ts';
import { searchRound } from '../support/search-round.ts';

const mm1 = jsqD.parse({ N: '1', d: '1', lambda: '9/10' });

/** Every entry of a metric (scalar or vector) as a list. */
const entries = (v: number | number[] | undefined): number[] => ([] as number[]).concat(v ?? []);

describe("the float solver's metric error", () => {
  it('covers the distance to the exact law of the same chain, where the L1 error estimate does not', () => {
    const p = jsqD.parse({ N: '1', d: '1', lambda: '9/10', K: '300' });
    const float = solveModel(jsqD, p, { method: 'iterative' });
    const exact = solveModel(jsqD, p, { method: 'exact' });
    expect(float.evidence.method).toBe('iterative');
    const bound = float.metricSolverError!;
    for (const [name, value] of Object.entries(float.metrics)) {
      const e = entries(exact.metrics[name]);
      entries(value).forEach((x, i) => expect(Math.abs(x - e[i])).toBeLessThanOrEqual(entries(bound[name])[i]));
    }
    // Mean jobs is off by more than the L1 estimate: the reward reaches 300.
    expect(Math.abs((float.metrics.meanJobs as number) - (exact.metrics.meanJobs as number))).toBeGreaterThan(float.evidence.errorEstimate! / 10);
    expect(exact.metricSolverError).toBeUndefined();
  });
});

describe("the search's metricError with the solver's part", () => {
  it('covers the true error of M/M/1 mean jobs: the change between truncations alone did not', () => {
    // Before: the answer 9.00000000037 was trusted with metricError 5.1e-11 (the change between truncations).
    const solved = solveModel(jsqD, mm1, { method: 'iterative' });
    const t = solved.evidence.truncation!;
    const error = Math.abs((solved.metrics.meanJobs as number) - 9);
    expect(t.metricErrorMethod).toBe(METRIC_ERROR_METHOD.withSolver);
    const { truncation, solver } = t.metricErrorParts!;
    expect(t.metricError!.meanJobs).toBeCloseTo((truncation.meanJobs as number) + (solver!.meanJobs as number), 20);
    expect(error).toBeLessThanOrEqual(t.metricError!.meanJobs as number);
    expect(trusted(solved.evidence)).toBe(true);
    // The solver's part was what kept it from settling at 1e-9: both truncations compared were solved at 1e-11.
    expect(t.solverTolerance).toBe(1e-11);
    expect(t.rounds!.map((r) => r.solverTolerance)).toEqual([1e-11, 1e-11]);
  });

  it('tightens a loose --tolerance instead of growing the set to its end', () => {
    // Before: at tolerance 1e-4 the change between truncations was the solver's noise (1.3e-5), the set
    // grew until it could not, and the answer stopped untrusted.
    const p = jsqD.parse({ N: '2', d: '2', lambda: '9/10' });
    const loose = solveModel(jsqD, p, { method: 'iterative', tolerance: 1e-4 });
    const tight = solveModel(jsqD, p, { method: 'iterative', tolerance: 1e-12 });
    const t = loose.evidence.truncation!;
    expect(trusted(loose.evidence)).toBe(true);
    expect(t.rounds!.some((r) => r.resolved)).toBe(true);
    expect(t.solverTolerance!).toBeLessThanOrEqual(1e-10);
    const gap = Math.abs((loose.metrics.meanJobs as number) - (tight.metrics.meanJobs as number));
    expect(gap).toBeLessThanOrEqual((t.metricError!.meanJobs as number) + (tight.evidence.truncation!.metricError!.meanJobs as number));
  });

  it('the cap search re-solves its K too: two M/M/1 queues (d = 1) from tolerance 1e-4', () => {
    const solved = searchCap(jsqD, jsqD.truncation!, jsqD.parse({ N: '2', lambda: '1/2', d: '1' }), { method: 'iterative', tolerance: 1e-4 });
    const t = solved.evidence.truncation!;
    expect(t.kind).toBe('cap');
    const resolved = t.rounds!.filter((r) => r.resolved);
    expect(resolved.length).toBeGreaterThan(0);
    resolved.forEach((r) => expect(r.K).toBe(t.rounds![t.rounds!.indexOf(r) - 1].K));
    expect(Math.abs((solved.metrics.meanJobs as number) - 1)).toBeLessThanOrEqual(t.metricError!.meanJobs as number); // rho/(1 - rho), rho = 1/2
    expect(trusted(solved.evidence)).toBe(true);
  });

  it('stops untrusted when even the tightest solver tolerance cannot meet the metric tolerance', () => {
    const solved = solveModel(jsqD, jsqD.parse({ N: '2', d: '2', lambda: '9/10' }), { method: 'iterative', metricTolerance: 1e-15 });
    const t = solved.evidence.truncation!;
    expect(t.stopped).toBe("the float solver's estimated error keeps the answer from its tolerances even at solver tolerance 1e-14");
    expect(t.solverTolerance).toBe(1e-14);
    expect(trusted(solved.evidence)).toBe(false);
  });

  it('counts the solver error of the boundary mass against the boundary tolerance', () => {
    const solved = solveModel(jsqD, jsqD.parse({ N: '1', d: '1', lambda: '9/10', K: '300' }), { method: 'iterative' });
    const t = solved.evidence.truncation!;
    expect(t.boundaryMassSolverError).toBeGreaterThan(0);
    expect(t.withinTolerance).toBe(t.boundaryMass + t.boundaryMassSolverError! <= t.tolerance);
  });
});

describe('which part of the metric error the search works on', () => {
  const round = (states: number, meanJobs: number, solverError: number): Solved => searchRound('iterative', states, meanJobs, solverError);
  const searchOf = (change: number): Search => {
    const search = new Search({ method: 'iterative' });
    search.record(round(100, 1, 2e-9));
    search.record(round(200, 1 + change, 2e-9));
    return search;
  };

  it("grows the truncation when the change between truncations is over tolerance beyond both solves' errors, though the solver's alone is over too", () => {
    expect(searchOf(1e-6).solverIsWhatIsLeft()).toBe(false); // before: true, and the same truncation was solved again and again
  });

  it("tightens the solver when the change is within the two solves' errors", () => {
    expect(searchOf(3e-9).solverIsWhatIsLeft()).toBe(true);
  });
});
