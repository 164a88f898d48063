/** Output a person or a script can use: exact parameters in JSON, long vectors summarised, short runs unknown. */
import { describe, expect, it } from 'vitest';
import { lbcheck } from '../support/cli.ts';

const THIRDS = ['--lambda', '1/3', '--alpha', '1/3,2/3'];

describe('JSON keeps the exact input beside the floats', () => {
  it.each([
    [['solve', 'jiq-blocking', '--N', '2', ...THIRDS], { N: 2, lambda: '1/3', alpha: ['1/3', '2/3'], beta: ['1/2', '1/2'], nu: '0' }],
    [['productform', 'jiq-blocking', '--N', '10', ...THIRDS], { N: 10, lambda: '1/3', alpha: ['1/3', '2/3'], beta: ['1/2', '1/2'], nu: '0' }],
    [['fluid', 'jiq-blocking', ...THIRDS, '--t', '1', '--samples', '2'], { lambda: '1/3', alpha: ['1/3', '2/3'], beta: ['1/2', '1/2'], nu: '0' }],
    [['simulate', 'jiq-blocking', '--N', '4', ...THIRDS, '--T', '2000'], { N: 4, lambda: '1/3', alpha: ['1/3', '2/3'], beta: ['1/2', '1/2'], nu: '0' }],
  ])('%j records paramsExact', (args, exact) => {
    const j = JSON.parse(lbcheck(...args, '--json').stdout);
    expect(j.paramsExact).toEqual(exact);
    expect(j.params.lambda).toBe(1 / 3);
  });

  it('a record replays exactly: its paramsExact read back as options give the same exact answer', () => {
    const first = JSON.parse(lbcheck('solve', 'jiq-blocking', '--N', '2', ...THIRDS, '--method', 'exact', '--json').stdout);
    const options = Object.entries(first.paramsExact as Record<string, string | number | string[]>).flatMap(([k, v]) => [
      `--${k}`,
      Array.isArray(v) ? v.join(',') : String(v),
    ]);
    const again = JSON.parse(lbcheck('solve', 'jiq-blocking', ...options, '--method', 'exact', '--json').stdout);
    expect(again.exact).toEqual(first.exact);
    expect(again.paramsExact).toEqual(first.paramsExact);
  });
});

describe('solve shows the head of a long vector and sums the rest', () => {
  it('jsq-d s[i] with K = 20: eight rows, then one row for s[9..20]; --json has all 20', () => {
    const args = ['solve', 'jsq-d', '--N', '2', '--d', '2', '--lambda', '1/2', '--K', '20'];
    const text = lbcheck(...args).stdout;
    const j = JSON.parse(lbcheck(...args, '--json').stdout);
    expect(j.metrics.s).toHaveLength(20);
    expect(text).toContain('│ s[8] ');
    expect(text).not.toContain('│ s[9] ');
    const rest = j.metrics.s.slice(8) as number[];
    const sum = rest.reduce((a, x) => a + x, 0);
    const row = text.split('\n').find((l) => l.includes('s[9..20]'))!;
    expect(row).toContain('12 more: sum ');
    // The row's sum is the JSON entries' sum, to the 12 digits shown.
    expect(Number(row.match(/sum ([0-9.e+-]+)/)![1])).toBeCloseTo(sum, 10);
    expect(sum).toBeGreaterThan(0);
  });
});

describe('simulate: a run too short to estimate anything is unknown', () => {
  it('--T 1e-9: no estimates, exit 1, says why', () => {
    const r = lbcheck('simulate', 'jsq-d', '--N', '3', '--d', '2', '--lambda', '9/10', '--T', '1e-9');
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('UNKNOWN: run too short: 0 events in 20 batches, at least 1000 needed');
    expect(r.stdout).not.toContain('0 ± 0');
    expect(r.stdout).not.toContain('meanJobs');
    const j = JSON.parse(lbcheck('simulate', 'jsq-d', '--N', '3', '--d', '2', '--lambda', '9/10', '--T', '1e-9', '--json').stdout);
    expect(j).toMatchObject({ status: 'unknown', events: 0, metrics: null });
    expect(j.reason).toContain('run too short');
  });

  it('a run long enough is estimated (status estimated, exit 0)', () => {
    const r = lbcheck('simulate', 'jsq-d', '--N', '3', '--d', '2', '--lambda', '9/10', '--T', '2000', '--json');
    expect(r.code).toBe(0);
    const j = JSON.parse(r.stdout);
    expect(j.status).toBe('estimated');
    expect(j.events).toBeGreaterThanOrEqual(1000);
    expect(j.metrics.meanJobs.stderr).toBeGreaterThan(0);
  });
});
