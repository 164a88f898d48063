/** Probabilities clamped to [0, 1], each clamp recorded, and flagged beyond a tolerance. */
import { describe, expect, it } from 'vitest';
import { clampProbabilities } from '../../src/core/probability-clamp.ts';

describe('clampProbabilities', () => {
  const values = { blocking: -1.33e-15, share: [0.5, 1 + 1e-6, Number.NaN, -0.25], meanJobs: -1 };

  it('clamps only the metrics named as probabilities, each entry of a vector, leaving open (NaN) entries', () => {
    const { values: out } = clampProbabilities(values, ['blocking', 'share'], 1e-10);
    expect(out.blocking).toBe(0);
    expect(out.share).toEqual([0.5, 1, Number.NaN, 0]);
    expect(out.meanJobs).toBe(-1); // not a probability
    expect(values.blocking).toBe(-1.33e-15); // the input is left as it was
  });

  it('records each clamp with the value it replaced, beyond the tolerance or not', () => {
    const { clamps } = clampProbabilities(values, ['blocking', 'share'], 1e-10);
    expect(clamps).toEqual([
      { metric: 'blocking', value: -1.33e-15, beyondTolerance: false },
      { metric: 'share[2]', value: 1 + 1e-6, beyondTolerance: true },
      { metric: 'share[4]', value: -0.25, beyondTolerance: true },
    ]);
  });

  it('clamps nothing without probabilities', () => {
    expect(clampProbabilities(values, undefined, 1e-10)).toEqual({ values, clamps: [] });
  });
});
