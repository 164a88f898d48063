/** `lbcheck refined`: JSON keys, values at N, bad input. */
import { describe, expect, it } from 'vitest';
import { expectUsageError, lbcheck } from '../support/cli.ts';

describe('lbcheck refined', () => {
  it('prints expansion.<metric>.meanField/order1/order2 and the values at --N', () => {
    const r = lbcheck('refined', 'jsq-d', '--d', '2', '--lambda', '9/10', '--sampling', 'with', '--N', '10,20', '--json');
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    // Closed form: pi's mean jobs sum_i 0.9^(2^i - 1); V = 3.98642698718 as rmf_tool's notebook prints pi + V/10 = 2.751294338309056.
    const pi = Array.from({ length: 12 }, (_, i) => 0.9 ** (2 ** (i + 1) - 1)).reduce((a, b) => a + b, 0);
    expect(out.expansion.meanJobs.meanField).toBeCloseTo(pi, 12);
    expect(out.atN[0].N).toBe(10);
    expect(out.atN[0].order1.meanJobs).toBeCloseTo(2.751294338309056, 9);
    expect(out.expansion['s[1]'].meanField).toBeCloseTo(0.9, 14);
    expect(typeof out.expansion.meanSojourn.order2).toBe('number');
    expect(out.evidence.residuals.W).toBeLessThan(1e-12);
  });

  it.each([
    [['--order', '3'], '--order must be 1 or 2'],
    [['--N', '10,x'], '--N must list integers >= 1'],
  ])('%j is a usage error', (extra, message) => {
    expectUsageError(['refined', 'jsq-d', '--d', '2', '--lambda', '9/10', ...extra], message);
  });
});

describe('lbcheck refined --t', () => {
  it('prints the transient expansion at each time (order 1)', () => {
    const r = lbcheck('refined', 'jsq-d', '--d', '2', '--lambda', '1/2', '--t', '0:1:2', '--N', '10', '--json');
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.order).toBe(1);
    expect(out.transient.map((p: { t: number }) => p.t)).toEqual([0, 1, 2]);
    expect(out.transient[0].expansion.meanJobs).toEqual({ meanField: 0, order1: 0 });
  });

  it.each([
    [['--t', '2,1'], '--t must list times'],
    [['--t', '1', '--order', '2'], 'the transient expansion is of order 1'],
  ])('%j is a usage error', (extra, message) => {
    expectUsageError(['refined', 'jsq-d', '--d', '2', '--lambda', '1/2', ...extra], message);
  });
});

describe('lbcheck refined jiq-blocking', () => {
  it('tokens at every dispatcher: a linear field, so V = A = 0 and the fixed point is the closed form', () => {
    // With no blocking every arrival is admitted, so the busy fraction is lambda = 1/2.
    const r = lbcheck('refined', 'jiq-blocking', '--lambda', '1/2', '--alpha', '3/5,2/5', '--nu', '1/2', '--json');
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.expansion.busyFraction.meanField).toBeCloseTo(0.5, 14);
    for (const s of Object.values(out.expansion) as { order1: number; order2: number }[]) {
      expect(s.order1).toBe(0);
      expect(s.order2).toBe(0);
    }
    expect(Object.keys(out.expansion)).toEqual(['busyFraction', 'tokenFraction[1]', 'tokenFraction[2]']);
  });

  it('a fixed point on a face (no tokens at a dispatcher) is refused', () => {
    expectUsageError(['refined', 'jiq-blocking', '--lambda', '9/10', '--alpha', '9/10,1/10'], 'the refined expansion does not apply');
  });
});
