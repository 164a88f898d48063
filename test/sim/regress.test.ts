import { describe, expect, it } from 'vitest';
import { jiqBlocking } from '../../models/jiq-blocking.ts';
import { solveModel } from '../../src/ctmc/solve.ts';
import { CaseFailure, parseResult } from '../../src/sim/external.ts';
import { criticalValue, sidakLevel, zScore } from '../../src/sim/multiple-testing.ts';
import { flattenMetrics, regress, type CaseRunner } from '../../src/sim/regress.ts';
import type { JiqBlockingParams } from '../../models/jiq-blocking.ts';

const panel = [
  { id: 'a', params: { N: '3', lambda: '1', alpha: '1/2,1/2' }, horizon: 10 },
  { id: 'b', params: { N: '2', lambda: '1', alpha: '1' }, horizon: 10 },
];

/** A stand-in simulator: every metric exact with stderr 0.001, blocking shifted by `shift` standard errors. */
function shifted(shift: (id: number) => number): CaseRunner<JiqBlockingParams> {
  return async (input, p) => {
    const exact = flattenMetrics(solveModel(jiqBlocking, p, { method: 'exact' }).metrics);
    return Object.fromEntries(Object.entries(exact).map(([k, v]) => [k, { mean: v + (k === 'blocking' ? shift(input.seed) * 0.001 : 0), stderr: 0.001 }]));
  };
}

describe('Šidák rule', () => {
  it('per-comparison level and critical values', () => {
    expect(sidakLevel(1)).toBeCloseTo(0.01, 15);
    expect(sidakLevel(36)).toBeCloseTo(1 - 0.99 ** (1 / 36), 15);
    expect(criticalValue(0.05)).toBeCloseTo(1.959963984540054, 12);
    expect(criticalValue(0.05, 19)).toBeCloseTo(2.093024054408309, 12);
  });

  it('z-scores; undecided when the estimate differs but has no error bar', () => {
    expect(zScore(0.3, 0.01, 0.25)).toBeCloseTo(5, 12);
    expect(zScore(0.25, 0, 0.25)).toBe(0);
    expect(zScore(0, 0, 1e-5)).toBeNull();
  });
});

describe('regress harness', () => {
  it('flattens vector metrics as name[i]', () => {
    expect(flattenMetrics({ b: 0.5, t: [0.1, 0.2] })).toEqual({ b: 0.5, 't[1]': 0.1, 't[2]': 0.2 });
  });

  it('passes estimates on their exact values and fails one 6 standard errors off', async () => {
    // Ten comparisons (6 metrics at R = 2, 4 at R = 1): Šidák level 1 - 0.995^(1/10) (half of the 1%: the omnibus
    // test has the other half), normal critical value (no df reported).
    const ok = await regress(jiqBlocking, panel, { seed: 0, runner: shifted(() => 1), simulator: 'fake' });
    expect(ok.verdict).toBe('pass');
    expect(ok.rule).toMatchObject({ comparisons: 10, expectedComparisons: 10, counted: 10 });
    expect(ok.comparisons.filter((c) => c.metric === 'blocking').map((c) => c.z)).toEqual([1, 1].map((z) => expect.closeTo(z, 6)));
    // Python: NormalDist().inv_cdf(1 - (1 - 0.995 ** 0.1) / 2) = 3.4801524317367227
    expect(ok.comparisons[0].critical).toBeCloseTo(3.4801524317, 9);
    const bad = await regress(jiqBlocking, panel, { seed: 0, runner: shifted((seed) => (seed === 1 ? 6 : 0)), simulator: 'fake' });
    expect(bad.verdict).toBe('fail');
    expect(bad.decidedBy).toBe('per-comparison');
    expect(bad.comparisons.filter((c) => c.status === 'flagged').map((c) => c.id)).toEqual(['b']);
  });

  it('keeps the other cases when one fails, and the verdict is then unknown', async () => {
    const runner: CaseRunner<JiqBlockingParams> = async (input, p) => {
      if (input.seed === 7) throw new CaseFailure('simulator exited with code 1');
      return shifted(() => 0)(input, p);
    };
    const r = await regress(jiqBlocking, panel, { seed: 7, runner, simulator: 'fake' });
    expect(r.errors).toEqual([{ id: 'a', error: 'simulator exited with code 1' }]);
    expect([...new Set(r.comparisons.map((c) => c.id))]).toEqual(['b']);
    expect(r.rule).toMatchObject({ comparisons: 4, expectedComparisons: 10 });
    expect(r.verdict).toBe('unknown');
  });

  it('sends each case its parameters with defaults filled in, seed S + i and the horizon', async () => {
    const seen: unknown[] = [];
    const runner: CaseRunner<JiqBlockingParams> = async (input, p) => {
      seen.push(input);
      return shifted(() => 0)(input, p);
    };
    await regress(jiqBlocking, panel, { seed: 4294967295, horizon: 99, runner, simulator: 'fake' });
    expect(seen).toEqual([
      { family: 'jiq-blocking', params: { N: 3, lambda: 1, alpha: [0.5, 0.5], beta: [0.5, 0.5], nu: 0 }, seed: 4294967295, horizon: 99 },
      { family: 'jiq-blocking', params: { N: 2, lambda: 1, alpha: [1], beta: [1], nu: 0 }, seed: 0, horizon: 99 },
    ]);
  });

  it('a bad case in the panel is a usage error naming it, before anything runs', async () => {
    const bad = [{ id: 'oops', params: { N: '3', lambda: '1', alpha: '1/2,1/3' }, horizon: 10 }];
    await expect(regress(jiqBlocking, bad, { seed: 0, runner: shifted(() => 0), simulator: 'fake' })).rejects.toThrow(
      'case oops: --alpha must sum to 1, got 5/6',
    );
  });

  it.each([
    ['not json', 'malformed output: not one JSON document'],
    ['{"metrics": {"blocking": {"mean": "high"}}}', 'malformed output: metrics.blocking.mean'],
    ['{"metrics": {"blocking": {"mean": 0.3, "stderr": -1}}}', 'malformed output: metrics.blocking.stderr'],
    ['{"estimates": {}}', 'malformed output: metrics'],
  ])('rejects malformed simulator output %j', (text, message) => {
    expect(() => parseResult(text)).toThrow(message);
  });

  it('reads a well-formed result, df optional', () => {
    expect(parseResult('{"metrics": {"blocking": {"mean": 0.31, "stderr": 0.002}, "x": {"mean": 1, "stderr": 0, "df": 9}}}')).toEqual({
      blocking: { mean: 0.31, stderr: 0.002 },
      x: { mean: 1, stderr: 0, df: 9 },
    });
  });
});
