/** The factor from a change between two truncations to the last one's error (search-rounds.ts changeToError). */
import { describe, expect, it } from 'vitest';
import { changeToError } from '../../src/ctmc/truncation/search-rounds.ts';

describe('changeToError', () => {
  it('is F / (Fp - F) when the frontier mass fell by less than half: the change is a fraction of the error', () => {
    // jsq-d N = 10 with replacement, the round cut at the budget: 7.8e-9 -> 5.7e-9.
    expect(changeToError(7.8e-9, 5.7e-9)).toBeCloseTo(5.7 / 2.1, 12);
    expect(changeToError(3, 2)).toBe(2);
  });

  it('is 1 when the mass fell by half or more, when it did not fall, and for a whole chain (F = 0)', () => {
    expect(changeToError(2, 1)).toBe(1);
    expect(changeToError(1e-6, 1e-9)).toBe(1);
    expect(changeToError(1e-9, 1e-9)).toBe(1);
    expect(changeToError(1e-9, 0)).toBe(1);
  });

  it('makes the estimate exact for an error linear in the frontier mass', () => {
    // m(F) = m* + c F: the change between Fp and F, scaled, is the last error c F.
    const c = 7;
    const [Fp, F] = [4e-9, 3e-9];
    expect(Math.abs(c * Fp - c * F) * changeToError(Fp, F)).toBeCloseTo(c * F, 20);
  });
});
