/**
 * A fluid run integrates until it settles, up to the largest time --t: it says
 * when it settled, and a run that has not settled by --t says so, in text and
 * JSON, and exits 1 (whether it reaches the fixed point is then unknown).
 */
import { describe, expect, it } from 'vitest';
import { SETTLED_DRIFT } from '../../src/core/numerical-policy.ts';
import { lbcheck } from '../support/cli.ts';

describe('lbcheck fluid: settled or not', () => {
  it('jsq-d at lambda = 0.9, d = 2 has not settled by --t 50: text says so, exit 1', () => {
    const r = lbcheck('fluid', 'jsq-d', '--lambda', '0.9', '--d', '2', '--t', '50');
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(new RegExp(`NOT SETTLED by t = 50, the largest time \\(--t\\): drift \\d\\.\\d\\de-4 > ${SETTLED_DRIFT}`));
  });

  it('the JSON says settled false with the drift and the threshold', () => {
    const j = JSON.parse(lbcheck('fluid', 'jsq-d', '--lambda', '0.9', '--d', '2', '--t', '50', '--json').stdout);
    expect(j.final.settled).toBe(false);
    expect(j.final.t).toBe(50);
    expect(j.final.drift).toBeGreaterThan(SETTLED_DRIFT);
    expect(j.final.settledDrift).toBe(SETTLED_DRIFT);
  });

  it('by default it integrates until it settles, near the closed-form fixed point, exit 0', () => {
    const r = lbcheck('fluid', 'jsq-d', '--lambda', '0.9', '--d', '2', '--json');
    expect(r.code).toBe(0);
    const j = JSON.parse(r.stdout);
    expect(j.final.settled).toBe(true);
    expect(j.final.drift).toBeLessThanOrEqual(1e-9);
    expect(j.final.t).toBeGreaterThan(50);
    expect(j.final.t).toBeLessThan(j.final.maxT);
    expect(j.final.distanceToFixedPoint).toBeLessThan(1e-7); // drift 1e-9 over the slowest rate of return
  });

  it('jiq-queueing at lambda = 1/2, alpha = 19/50,63/200,61/200 settles (it had not by t = 50) at the exact fixed point l = 7/250, exit 0', () => {
    const r = lbcheck('fluid', 'jiq-queueing', '--lambda', '1/2', '--alpha', '19/50,63/200,61/200', '--json');
    expect(r.code).toBe(0);
    const j = JSON.parse(r.stdout);
    expect(j.fixedPointExact).toEqual({ l: '7/250' });
    expect(j.final.settled).toBe(true);
    expect(j.evidence.settledAt).toBe(j.final.t);
    expect(j.trajectory.at(-1).t).toBe(j.final.t);
    expect(j.metrics.waitProbability).toBeCloseTo(7 / 250, 15); // the limit P(W > 0) = l
    expect(Math.abs(j.final.metrics.waitProbability - 7 / 250)).toBeLessThan(1e-8);
  });
});
