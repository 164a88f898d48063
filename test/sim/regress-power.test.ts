/**
 * The statistics of `regress` as functions: the per-comparison and omnibus
 * rules against hand-worked z-scores, the flagging rate of a biased simulator
 * against the normal distribution's prediction, the run-length advice against
 * the 1/sqrt(length) scaling of a stderr, and what is compared.
 */
import { describe, expect, it } from 'vitest';
import { jiqBlocking, type JiqBlockingParams } from '../../models/jiq-blocking.ts';
import { solveModel } from '../../src/ctmc/solve.ts';
import { DEFAULT_DETECT, detectableDifference, lengthFactor, parseDetect, requiredStderr } from '../../src/sim/detectable.ts';
import { normalScore, omnibusTest } from '../../src/sim/multiple-testing.ts';
import { componentRuns, parseMetricSpec, selectMetrics, specOf, specText } from '../../src/sim/metric-spec.ts';
import { decide, type Measurement } from '../../src/sim/regress-verdict.ts';
import { flattenMetrics, regress, type CaseRunner } from '../../src/sim/regress.ts';

/** A seeded standard normal sampler (mulberry32 and Box-Muller): the test's own, independent of lbcheck's generator. */
function gaussian(seed: number): () => number {
  let a = seed >>> 0;
  const u = (): number => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return () => Math.sqrt(-2 * Math.log(1 - u())) * Math.cos(2 * Math.PI * u());
}

/** Measurements with exact 1 and stderr s: estimate 1 + z s, so each z is as given. */
function withZ(zs: Record<string, number[]>, s = 1e-4): Measurement[] {
  return Object.entries(zs).flatMap(([id, list]) => list.map((z, k) => ({ id, metric: `m${k}`, estimate: 1 + z * s, stderr: s, exact: 1 })));
}

describe('the two tests against hand-worked z-scores', () => {
  it('Šidák per comparison at half the family-wise level', () => {
    // m = 6 counted: level 1 - 0.995^(1/6); Python NormalDist().inv_cdf(1 - (1 - 0.995 ** (1/6)) / 2) = 3.3408993937712914
    const v = decide(withZ({ a: [0, 0, 3.3], b: [0, 0, 0] }), { detect: DEFAULT_DETECT, complete: true });
    expect(v.comparisons[0].critical).toBeCloseTo(3.3408993937712914, 10);
    expect(v.verdict).toBe('pass');
    const w = decide(withZ({ a: [0, 0, 3.35], b: [0, 0, 0] }), { detect: DEFAULT_DETECT, complete: true });
    expect(w.verdict).toBe('fail');
    expect(w.decidedBy).toBe('per-comparison');
  });

  it('the omnibus chi-square sees a drift no single z shows', () => {
    // Case means 2, 2, 2, 2: statistic 4 * 2^2 = 16 > 14.8603 (chi-square(4) at 0.995, from 1 - e^{-x/2}(1 + x/2) = 0.995);
    // every |z| <= 3 is below Šidák's 3.4518 at m = 9 (Python: NormalDist().inv_cdf(1 - (1 - 0.995 ** (1/9)) / 2)).
    const zs = { a: [2, 2, 2], b: [1.5, 2.5], c: [3, 1], d: [2, 2] };
    const v = decide(withZ(zs), { detect: DEFAULT_DETECT, complete: true });
    expect(v.omnibus).toMatchObject({ df: 4, statistic: expect.closeTo(16, 9), critical: expect.closeTo(14.860259000560218, 8), flagged: true });
    expect(v.comparisons[0].critical).toBeCloseTo(3.4518321288487885, 10);
    expect(v.comparisons.every((c) => c.status !== 'flagged')).toBe(true);
    expect(v.verdict).toBe('fail');
    expect(v.decidedBy).toBe('omnibus');
    // Three cases only: 12 <= 12.8382 (chi-square(3) at 0.995): no test flags.
    const three = decide(withZ({ a: zs.a, b: zs.b, c: zs.c }), { detect: DEFAULT_DETECT, complete: true });
    expect(three.omnibus).toMatchObject({ df: 3, statistic: expect.closeTo(12, 9), flagged: false });
    expect(three.verdict).toBe('pass');
  });

  it('both tests flag: the verdict says so', () => {
    const v = decide(withZ({ a: [6, 6], b: [0, 0] }), { detect: DEFAULT_DETECT, complete: true });
    expect(v.decidedBy).toBe('both');
  });

  it('the omnibus test with its chi-square quantile and p-value (df 6)', () => {
    const o = omnibusTest([[1], [1], [1], [1], [1], [1]], 0.005)!;
    // chi-square(6) at 0.995 from 1 - e^{-x/2}(1 + x/2 + x^2/8) = 0.995: 18.54758417851106; P(X > 6) = e^{-3}(1 + 3 + 4.5)
    expect(o.critical).toBeCloseTo(18.54758417851106, 8);
    expect(o.pValue).toBeCloseTo(Math.exp(-3) * 8.5, 12);
  });

  it('normal scores: the t(19) 97.5% point maps to the normal one', () => {
    // scipy.stats.t.ppf(0.975, 19) = 2.093024054408309; NormalDist().inv_cdf(0.975) = 1.959963984540054
    expect(normalScore(2.093024054408309, 19)).toBeCloseTo(1.959963984540054, 9);
    expect(normalScore(-2.093024054408309, 19)).toBeCloseTo(-1.959963984540054, 9);
    expect(normalScore(1.5)).toBe(1.5);
  });

  it('scores stay finite far in the tails: a case with z = +203 and -203 has a mean, not NaN', () => {
    expect(Number.isFinite(normalScore(203, 19))).toBe(true);
    // t with 10^6 df is normal to within z^3 / (4 df) = 4e-4 at z = 12, where the normal tail is 1.8e-33.
    expect(normalScore(12, 1e6)).toBeCloseTo(12, 2);
    const v = decide(
      withZ({ a: [203, -203], b: [0, 0] }).map((m) => ({ ...m, df: 19 })),
      { detect: DEFAULT_DETECT, complete: true },
    );
    expect(v.omnibus!.statistic).toBeCloseTo(0, 9);
    expect(v.decidedBy).toBe('per-comparison');
  });
});

describe('power', () => {
  it('a bias of (c + 0.25) stderr on one metric is flagged at the normal prediction Phi(0.25) + Phi(-2c - 0.25)', () => {
    // Two cases, three metrics each (m = 6, c = 3.3408993937712914); case a's m0 biased by (c + 0.25) stderr.
    // Python: NormalDist().cdf(0.25) + NormalDist().cdf(-(2 * 3.3408993937712914 + 0.25)) = 0.5987063256850014
    const predicted = 0.5987063256850014;
    const runs = 4000;
    const next = gaussian(7);
    const shift = 3.3408993937712914 + 0.25;
    let flagged = 0;
    for (let k = 0; k < runs; k++) {
      const v = decide(withZ({ a: [shift + next(), next(), next()], b: [next(), next(), next()] }), { detect: DEFAULT_DETECT, complete: true });
      if (v.comparisons[0].status === 'flagged') flagged++;
    }
    // Binomial standard deviation sqrt(p (1 - p) / runs) = 0.0078: within 4 of them.
    expect(Math.abs(flagged / runs - predicted)).toBeLessThan(4 * Math.sqrt((predicted * (1 - predicted)) / runs));
  });

  it('a precise comparison shows the detectable difference with 95% power', () => {
    // stderr exactly requiredStderr: D / stderr = c + 1.6449, so a bias of D is flagged with probability Phi(1.6449) = 0.95.
    const c = 3.3408993937712914;
    const D = detectableDifference(0.4);
    expect(D).toBeCloseTo(0.02 * 0.4 + 0.001, 15);
    expect(D / requiredStderr(c, D) - c).toBeCloseTo(1.6448536269514722, 12);
  });

  it('the run-length advice follows stderr ~ 1/sqrt(length): the suggested horizon is just precise', async () => {
    const exact = flattenMetrics(solveModel(jiqBlocking, jiqBlocking.parse({ N: '2', lambda: '1', alpha: '1' }), { method: 'exact' }).metrics);
    const panel = [{ id: 'e', params: { N: '2', lambda: '1', alpha: '1' }, horizon: 1000 }];
    // stderr 0.01 at horizon 1000, shrinking as 1/sqrt(horizon); every estimate exact.
    const runner: CaseRunner<JiqBlockingParams> = async (input) =>
      Object.fromEntries(Object.entries(exact).map(([k, v]) => [k, { mean: v, stderr: 0.01 * Math.sqrt(1000 / input.horizon) }]));
    const short = await regress(jiqBlocking, panel, { seed: 0, runner, simulator: 'fake' });
    expect(short.verdict).toBe('unknown');
    const worst = Math.max(...short.comparisons.map((c) => lengthFactor(c.stderr, c.requiredStderr)));
    expect(short.advice!.lengthFactor).toBeCloseTo(worst, 10);
    const enough = await regress(jiqBlocking, panel, { seed: 0, runner, simulator: 'fake', horizon: 1000 * short.advice!.lengthFactor * 1.0001 });
    expect(enough.verdict).toBe('pass');
    const notQuite = await regress(jiqBlocking, panel, { seed: 0, runner, simulator: 'fake', horizon: 1000 * short.advice!.lengthFactor * 0.99 });
    expect(notQuite.verdict).toBe('unknown');
  });
});

describe('what counts', () => {
  it('a component never visited (0 ± 0) with an exact value below the detectable difference is not estimable and decides nothing', () => {
    const m: Measurement[] = [
      { id: 'a', metric: 's[1]', estimate: 0.5, stderr: 1e-4, exact: 0.5 },
      { id: 'a', metric: 's[9]', estimate: 0, stderr: 0, exact: 4e-4 },
    ];
    const v = decide(m, { detect: DEFAULT_DETECT, complete: true });
    expect(v.comparisons.map((c) => c.status)).toEqual(['ok', 'not estimable']);
    expect(v.rule.counted).toBe(1);
    expect(v.verdict).toBe('pass');
    // The same 0 ± 0 against 0.3: nothing to excuse it, undecided.
    const w = decide([m[0], { ...m[1], exact: 0.3 }], { detect: DEFAULT_DETECT, complete: true });
    expect(w.comparisons[1].status).toBe('undecided');
    expect(w.verdict).toBe('unknown');
  });

  it('a fixed function of a compared metric is compared but counted once', () => {
    const m: Measurement[] = [
      { id: 'a', metric: 'meanJobs', estimate: 1, stderr: 1e-3, exact: 1 },
      { id: 'a', metric: 'meanSojourn', estimate: 2, stderr: 1e-3, exact: 2, functionOf: 'meanJobs' },
      { id: 'b', metric: 'meanSojourn', estimate: 2, stderr: 1e-3, exact: 2, functionOf: 'meanJobs' },
    ];
    const v = decide(m, { detect: DEFAULT_DETECT, complete: true });
    // Case b does not compare meanJobs: its meanSojourn counts.
    expect(v.rule.counted).toBe(2);
    expect(v.rule.perComparisonLevel).toBeCloseTo(1 - 0.995 ** 0.5, 15);
  });

  it('a simulator that reports only blocking passes on it; the rest are listed once as not compared', async () => {
    const panel = [
      { id: 'a', params: { N: '3', lambda: '1', alpha: '1/2,1/2' }, horizon: 10 },
      { id: 'b', params: { N: '2', lambda: '1', alpha: '1' }, horizon: 10 },
    ];
    const runner: CaseRunner<JiqBlockingParams> = async (_input, p) => {
      const exact = flattenMetrics(solveModel(jiqBlocking, p, { method: 'exact' }).metrics);
      return { blocking: { mean: exact.blocking + 1e-4, stderr: 1e-4, df: 19 } };
    };
    const r = await regress(jiqBlocking, panel, { seed: 0, runner, simulator: 'fake' });
    expect(r.verdict).toBe('pass');
    expect(r.compared).toEqual({ metrics: 'blocking', from: 'first case' });
    expect(r.rule).toMatchObject({ comparisons: 2, expectedComparisons: 2 });
    expect(r.notCompared).toEqual([
      {
        metrics: ['busyFraction', 'tokenFraction[1]', 'tokenFraction[2]', 'noTokenProbability[1]', 'noTokenProbability[2]'],
        why: 'not reported by the simulator on the first case',
      },
    ]);
  });
});

describe('the exact side', () => {
  it("solves each distinct case once per run; an untrusted solve makes its case fail with the solve's reason", async () => {
    const p = { N: '3', lambda: '0.5', d: '2' };
    const panel = [
      { id: 'a', params: p, horizon: 10 },
      { id: 'again', params: p, horizon: 10 },
    ];
    let calls = 0;
    const runner: CaseRunner<unknown> = async () => {
      calls++;
      return { meanJobs: { mean: 0.5, stderr: 0.1 } };
    };
    const { jsqD } = await import('../../models/jsq-d.ts');
    const r = await regress(jsqD as never, panel, { seed: 0, runner, simulator: 'fake' });
    expect(calls).toBe(2);
    expect(r.cases[0].exactSeconds).toBeGreaterThan(0);
    expect(r.cases[1].exactSeconds).toBe(0);
    // A state budget far too small for the automatic truncation: the search stops, untrusted.
    const tight = await regress(jsqD as never, panel.slice(0, 1), { seed: 0, runner, simulator: 'fake', solve: { method: 'auto', maxStates: 10 } });
    expect(tight.verdict).toBe('unknown');
    expect(tight.errors[0].error).toMatch(/^exact solve stopped: /);
  });
});

describe('reading --detect and --metrics', () => {
  it.each([
    ['2%', { relative: 0.02, absolute: 1e-3 }],
    ['1%+1e-4', { relative: 0.01, absolute: 1e-4 }],
    ['0.005', { relative: 0, absolute: 0.005 }],
  ])('--detect %s', (text, d) => expect(parseDetect(text)).toEqual(d));

  it.each(['x', '', '%', '-1%', '2%3', '150%', '0', '2%%'])('--detect %j is refused', (text) => {
    expect(() => parseDetect(text)).toThrow(
      `--detect must be a percentage (2%), a percentage plus an absolute floor (2%+1e-4) or a number > 0 (0.005), got "${text}"`,
    );
  });

  const schema = { meanJobs: 'scalar', meanSojourn: 'scalar', s: 'vector' } as const;
  it('a list of names, components and ranges, checked against the schema', () => {
    const items = parseMetricSpec('meanJobs,s[1..3],s[5],s[7..]', schema, 'jsq-d');
    const names = ['meanJobs', 'meanSojourn', ...Array.from({ length: 8 }, (_, i) => `s[${i + 1}]`)];
    expect(selectMetrics(items, names)).toEqual(['meanJobs', 's[1]', 's[2]', 's[3]', 's[5]', 's[7]', 's[8]']);
    expect(() => parseMetricSpec('meanJobs,blocking', schema, 'jsq-d')).toThrow(
      '--metrics: jsq-d has no metric "blocking" (metrics: meanJobs, meanSojourn, s)',
    );
    expect(() => parseMetricSpec('meanJobs[1]', schema, 'jsq-d')).toThrow('"meanJobs" is a scalar metric');
    expect(() => parseMetricSpec('s[3..1]', schema, 'jsq-d')).toThrow('first <= last');
  });

  it("the first case's report as such a list: whole vectors whole, runs of components as ranges", () => {
    const names = ['meanJobs', 'meanSojourn', 's[1]', 's[2]', 's[3]', 's[4]', 's[5]', 't[1]', 't[2]'];
    const items = specOf(['meanJobs', 's[1]', 's[2]', 's[3]', 's[5]', 't[1]', 't[2]'], names);
    expect(specText(items)).toBe('meanJobs, s[1..3], s[5], t');
    // Names gathered from several cases, as the report lists what is not compared.
    expect(specText(componentRuns(['b', 't[1]', 'u[1]', 't[2]', 'u[2]', 'u[3]'], true))).toBe('b, t[1..2], u[1..3]');
    // A case with three t components compares all three.
    expect(selectMetrics(items, ['t[1]', 't[2]', 't[3]'])).toEqual(['t[1]', 't[2]', 't[3]']);
  });
});
