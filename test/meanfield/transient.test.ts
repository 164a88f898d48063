/**
 * The transient refined mean field (order 1): d = 1 (independent M/M/1
 * queues, a linear drift) has V(t) = 0 at every t; for d = 2 the ODE's V(t)
 * settles on the stationary V of the Lyapunov solve (a different algorithm:
 * Schur form against Dormand-Prince), and V(0) = 0 from the empty system.
 */
import { describe, expect, it } from 'vitest';
import { rat } from '../../src/core/rational.ts';
import { jsqdDensity } from '../../models/jsq-d/refined.ts';
import { refinedExpansion } from '../../src/meanfield/refined.ts';
import { transientExpansion } from '../../src/meanfield/transient.ts';

describe('transient refined mean field of JSQ(d)', () => {
  it('d = 1: V(t) = 0 for every metric at every t', () => {
    const model = jsqdDensity({ N: 1000, lambda: rat(1, 2), d: 1, sampling: 'with', K: undefined });
    const { points } = transientExpansion(model, [0.5, 2]);
    for (const p of points) for (const s of Object.values(p.expansion)) expect(Math.abs(s.order1)).toBeLessThan(1e-12);
  });

  it('d = 2, lambda = 1/2: V(0) = 0 from the empty system, and V(t) tends to the stationary V', () => {
    const model = jsqdDensity({ N: 1000, lambda: rat(1, 2), d: 2, sampling: 'without', K: undefined });
    const stationary = refinedExpansion(model, 1).expansion;
    const { points } = transientExpansion(model, [0, 60]);
    expect(points[0].expansion.meanJobs.meanField).toBe(0);
    expect(points[0].expansion.meanJobs.order1).toBe(0);
    for (const k of ['meanJobs', 's[2]', 's[3]']) {
      expect(points[1].expansion[k].meanField).toBeCloseTo(stationary[k].meanField, 7);
      expect(points[1].expansion[k].order1).toBeCloseTo(stationary[k].order1, 6);
    }
  });
});
