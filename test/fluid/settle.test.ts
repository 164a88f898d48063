/** A fluid run that has not settled says so, in text and JSON, and exits 1. */
import { describe, expect, it } from 'vitest';
import { lbcheck } from '../support/cli.ts';

describe('lbcheck fluid: settled or not', () => {
  it('jsq-d at lambda = 0.9, d = 2 has not settled by t = 50: text says so, exit 1', () => {
    const r = lbcheck('fluid', 'jsq-d', '--lambda', '0.9', '--d', '2');
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/NOT SETTLED: drift \d\.\d\de-4 > 1e-9 at t = 50/);
  });

  it('the JSON says settled false with the drift and the threshold', () => {
    const j = JSON.parse(lbcheck('fluid', 'jsq-d', '--lambda', '0.9', '--d', '2', '--json').stdout);
    expect(j.final.settled).toBe(false);
    expect(j.final.drift).toBeGreaterThan(1e-9);
    expect(j.final.settledDrift).toBe(1e-9);
  });

  it('integrated long enough it settles, near the closed-form fixed point, exit 0', () => {
    const r = lbcheck('fluid', 'jsq-d', '--lambda', '0.9', '--d', '2', '--t', '2000', '--json');
    expect(r.code).toBe(0);
    const j = JSON.parse(r.stdout);
    expect(j.final.settled).toBe(true);
    expect(j.final.drift).toBeLessThanOrEqual(1e-9);
    expect(j.final.distanceToFixedPoint).toBeLessThan(1e-9);
  });
});
