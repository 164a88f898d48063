/**
 * Ways a broken simulator used to pass
 * `regress`. Each case here passed (or crashed) before the fix.
 */
import { describe, expect, it } from 'vitest';
import { jiqBlocking, type JiqBlockingParams } from '../../models/jiq-blocking.ts';
import { jsqD } from '../../models/jsq-d.ts';
import { solveModel } from '../../src/ctmc/solve.ts';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkCommand, parseResult, type MetricEstimate } from '../../src/sim/external.ts';
import { criticalValue } from '../../src/sim/multiple-testing.ts';
import { externalRunner, flattenMetrics, internalRunner, regress, type CaseRunner } from '../../src/sim/regress.ts';
import { expectUsageError } from '../support/cli.ts';

const panel = [{ id: 'erl', params: { N: '3', lambda: '1', alpha: '1/2,1/2' }, horizon: 10 }];

function exactOf(p: JiqBlockingParams): Record<string, number> {
  return flattenMetrics(solveModel(jiqBlocking, p, { method: 'exact' }).metrics);
}

/** Every metric at its exact value with stderr 0.001, then `edit` applied to the record. */
function runner(edit: (m: Record<string, MetricEstimate>, exact: Record<string, number>) => void): CaseRunner<JiqBlockingParams> {
  return async (_input, p) => {
    const exact = exactOf(p);
    const m: Record<string, MetricEstimate> = Object.fromEntries(Object.entries(exact).map(([k, v]) => [k, { mean: v, stderr: 0.001 }]));
    edit(m, exact);
    return m;
  };
}

describe('degrees of freedom (14.1)', () => {
  it.each([['0.01'], ['1'], ['2.5'], ['0']])('refuses df = %s with why', (df) => {
    const text = `{"metrics":{"blocking":{"mean":0.99,"stderr":0.001,"df":${df}}}}`;
    expect(() => parseResult(text)).toThrow('metrics.blocking.df: must be an integer >= 2 (degrees of freedom');
  });

  it('accepts df = 2 and gives a finite critical value', () => {
    expect(parseResult('{"metrics":{"blocking":{"mean":0.3,"stderr":0.001,"df":2}}}').blocking.df).toBe(2);
    // t(2) quantile at 1 - 0.01/2 (scipy.stats.t.ppf(0.995, 2) = 9.924843200918...)
    expect(criticalValue(0.01, 2)).toBeCloseTo(9.9248432009, 8);
  });

  it('never returns an infinite critical value', () => {
    expect(() => criticalValue(0.01, 0.01)).toThrow(/integer >= 2/);
    expect(() => criticalValue(0.01, 1)).toThrow(/integer >= 2/);
  });

  it('an external simulator printing df = 0.01 with z in the hundreds no longer passes', async () => {
    const exact = exactOf(jiqBlocking.parse({ ...panel[0].params }));
    const metrics = Object.fromEntries(Object.entries(exact).map(([k, v]) => [k, { mean: k === 'blocking' ? v + 0.5 : v, stderr: 0.001, df: 0.01 }]));
    const file = join(mkdtempSync(join(tmpdir(), 'lbcheck-df-')), 'out.json');
    writeFileSync(file, JSON.stringify({ metrics }));
    const r = await regress(jiqBlocking, panel, { seed: 0, runner: externalRunner(`cat ${file}`, 10_000), simulator: 'cat' });
    expect(r.verdict).toBe('unknown');
    expect(r.comparisons).toHaveLength(0);
    expect(r.errors[0].error).toMatch(/^malformed output: metrics\.\S+\.df: must be an integer >= 2/);
  });
});

describe('metric names', () => {
  it('a name such as "constructor" is an unknown metric, not a known one', async () => {
    const r = await regress(jiqBlocking, panel, {
      seed: 0,
      simulator: 'fake',
      runner: runner((m) => Object.defineProperty(m, 'constructor', { value: { mean: 1, stderr: 0.1 }, enumerable: true })),
    });
    expect(r.verdict).toBe('unknown');
    expect(r.errors).toHaveLength(1);
    expect(r.errors[0].error).toContain('unknown metric "constructor"');
    expect(r.comparisons).toHaveLength(0);
  });

  it('a misspelt metric is an error for that case; a metric named by --metrics and not reported is missing', async () => {
    const misspelt = runner((m) => {
      m.blockingProb = m.blocking;
      delete m.blocking;
    });
    const r = await regress(jiqBlocking, panel, { seed: 0, simulator: 'fake', runner: misspelt });
    expect(r.verdict).toBe('unknown');
    expect(r.errors[0].error).toMatch(/^unknown metric "blockingProb" \(compared: busyFraction, tokenFraction, noTokenProbability\)/);
    expect(r.rule).toMatchObject({ comparisons: 0, expectedComparisons: 5 });
    const named = await regress(jiqBlocking, panel, { seed: 0, simulator: 'fake', runner: misspelt, metrics: [{ name: 'blocking' }] });
    expect(named.errors[0].error).toBe('unknown metric "blockingProb"; missing metric "blocking" (compared: blocking)');
  });

  it('an estimate too imprecise to detect the stated difference is unknown, never agreement', async () => {
    const r = await regress(jiqBlocking, panel, {
      seed: 0,
      simulator: 'fake',
      runner: runner((m) => (m.busyFraction = { mean: m.busyFraction.mean + 0.2, stderr: 0.5 })),
    });
    expect(r.verdict).toBe('unknown');
    const busy = r.comparisons.find((c) => c.metric === 'busyFraction')!;
    expect(busy.status).toBe('imprecise');
    // 2% |exact| + 0.001 at the exact busy fraction of the case (the default --detect)
    expect(busy.detectable).toBeCloseTo(0.02 * busy.exact + 0.001, 12);
    expect(r.comparisons.filter((c) => c.status === 'imprecise')).toHaveLength(1);
    // 0.5 / (D / (critical + 1.6449))^2: the run must be that many times longer
    expect(r.advice?.lengthFactor).toBeCloseTo((0.5 / (busy.detectable / (busy.critical + 1.6448536269514722))) ** 2, 8);
  });
});

describe('parameter names are own properties too', () => {
  it('a panel case with a parameter named "constructor" is a usage error naming it', async () => {
    const bad = [{ id: 'proto', params: { N: '2', lambda: '1', alpha: '1', constructor: '3' }, horizon: 10 }];
    await expect(regress(jiqBlocking, bad, { seed: 0, runner: runner(() => {}), simulator: 'fake' })).rejects.toThrow(
      'case proto: unknown parameter --constructor',
    );
  });
});

describe('what is compared (14.8)', () => {
  it('jsq-d compares s[i] up to 4 and says which CTMC metrics it leaves out', async () => {
    const sq = [{ id: 'k6', params: { N: '3', lambda: '0.7', d: '2', K: '6' }, horizon: 2000 }];
    const r = await regress(jsqD, sq, { seed: 3, runner: internalRunner(jsqD), simulator: 'internal' });
    expect(r.notCompared).toHaveLength(1);
    expect(r.notCompared[0].metrics).toEqual(['s[5]', 's[6]']);
    expect(r.notCompared[0].why).toContain('i <= 4');
    expect(r.comparisons.map((c) => c.metric)).toEqual(['meanJobs', 'meanSojourn', 's[1]', 's[2]', 's[3]', 's[4]']);
    // meanSojourn = meanJobs / throughput: compared, counted once
    expect(r.rule).toMatchObject({ expectedComparisons: 6, comparisons: 6, counted: 5 });
  });
});

describe('an external command that cannot run', () => {
  it('checkCommand finds programs in PATH and refuses missing ones', () => {
    expect(() => checkCommand('sh -c true')).not.toThrow();
    expect(() => checkCommand('nonexistent_cmd_lbcheck --x')).toThrow('"nonexistent_cmd_lbcheck" is not found');
  });

  it('regress --sim nonexistent_cmd says so once, before the first case, exit 2', () => {
    expectUsageError(
      ['regress', 'jiq-blocking', '--sim', 'nonexistent_cmd_lbcheck'],
      '--sim: the simulator command cannot be run: "nonexistent_cmd_lbcheck" is not found',
    );
  });
});
