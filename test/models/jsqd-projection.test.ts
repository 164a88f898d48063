/**
 * jsq-d solved by finite state projection (the automatic truncation, solveModel
 * without K) against values computed independently: the old truncation (queues
 * cut at K, the K search searchCap) where both reach, N independent M/M/1
 * queues for d = 1 (mean jobs lambda/(1 - lambda) per server, P(L >= i) =
 * lambda^i), and the M/M/1 queue for N = 1.
 */
import { describe, expect, it } from 'vitest';
import { solveModel, trusted, type Solved } from '../../src/ctmc/solve.ts';
import { searchCap } from '../../src/ctmc/truncation/truncation-search.ts';
import { jsqD } from '../../models/jsq-d.ts';

/** Tolerances tight enough that both truncations are within 1e-11 of the untruncated law. */
const tight = { method: 'iterative', tolerance: 1e-12, boundaryTolerance: 1e-14, metricTolerance: 1e-11 } as const;

function projected(N: string, d: string, lambda: string, opts = {}): Solved {
  const solved = solveModel(jsqD, jsqD.parse({ N, d, lambda }), { method: 'iterative', ...opts });
  expect(solved.evidence.truncation!.kind).toBe('projection');
  expect(trusted(solved.evidence)).toBe(true);
  return solved;
}

/** |a - b| <= tol * max(1, |b|) for scalars and vectors (entries missing on one side count as 0). */
function expectClose(a: number | number[], b: number | number[], tol: number): void {
  const x = ([] as number[]).concat(a);
  const y = ([] as number[]).concat(b);
  for (let i = 0; i < Math.max(x.length, y.length); i++) {
    const u = x[i] ?? 0;
    const v = y[i] ?? 0;
    expect(Math.abs(u - v), `entry ${i}: ${u} vs ${v}`).toBeLessThanOrEqual(tol * Math.max(1, Math.abs(v)));
  }
}

describe('jsq-d by finite state projection', () => {
  it.each([
    ['2', '2', '9/10', 130],
    ['3', '2', '9/10', 90],
    ['3', '3', '9/10', 90],
    ['4', '2', '7/10', 40],
  ])('agrees with the K-cap search to 1e-10 (N=%s d=%s lambda=%s)', (N, d, lambda, firstK) => {
    const p = jsqD.parse({ N, d, lambda });
    const projection = solveModel(jsqD, p, tight);
    // The cap search from near its answer, 10 levels a step (from the family's own start it takes minutes).
    const cap = searchCap(jsqD, { ...jsqD.truncation!, initialK: () => firstK, nextK: (_p, K) => K + 10 }, p, tight);
    expect(projection.evidence.truncation!.kind).toBe('projection');
    expect(cap.evidence.truncation!.kind).toBe('cap');
    expect(trusted(projection.evidence) && trusted(cap.evidence)).toBe(true);
    for (const name of ['meanJobs', 'meanSojourn', 's']) expectClose(projection.metrics[name], cap.metrics[name], 1e-10);
  });

  it('with d = 1 is N independent M/M/1 queues: mean jobs lambda/(1 - lambda), s_i = lambda^i', () => {
    const solved = projected('3', '1', '1/2');
    expectClose(solved.metrics.meanJobs, 1, 1e-10);
    expectClose(solved.metrics.meanSojourn, 2, 1e-10);
    expectClose(
      (solved.metrics.s as number[]).slice(0, 20),
      Array.from({ length: 20 }, (_, i) => 0.5 ** (i + 1)),
      1e-10,
    );
  });

  it('with N = 1 is the M/M/1 queue at lambda = 9/10: mean jobs 9, mean sojourn 10', () => {
    const solved = projected('1', '1', '9/10');
    expectClose(solved.metrics.meanJobs, 9, 1e-10);
    expectClose(solved.metrics.meanSojourn, 10, 1e-10);
    expectClose(
      (solved.metrics.s as number[]).slice(0, 50),
      Array.from({ length: 50 }, (_, i) => 0.9 ** (i + 1)),
      1e-10,
    );
  });
});
