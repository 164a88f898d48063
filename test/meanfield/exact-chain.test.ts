/**
 * The refined expansion against exact finite-N chains of JSQ(2) at lambda = 1/2
 * (N = 2..6), and the Richardson fit on a sequence known in closed form.
 */
import { describe, expect, it } from 'vitest';
import { jsqD } from '../../models/jsq-d.ts';
import { solveSequence } from '../../src/check/solving.ts';
import { metricsOf } from '../../src/core/metric-schema.ts';
import { atN, refinedExpansion } from '../../src/meanfield/refined.ts';
import { fittedExponent, richardson } from '../../src/meanfield/richardson.ts';

describe('Richardson extrapolation', () => {
  it('recovers the coefficients of an exact polynomial in 1/N', () => {
    const sizes = [2, 3, 4, 5];
    const values = sizes.map((N) => 1 + 0.3 / N - 0.7 / N ** 2 + 2 / N ** 3 + 0.1 / N ** 4);
    const c = richardson(sizes, values, 1, 4);
    [0.3, -0.7, 2, 0.1].forEach((v, i) => expect(c[i]).toBeCloseTo(v, 10));
  });
  it('fits the exponent of a power law', () => {
    expect(
      fittedExponent(
        [3, 4, 5, 6],
        [3, 4, 5, 6].map((N) => 7 / N ** 3),
      ),
    ).toBeCloseTo(3, 12);
  });
});

describe('JSQ(2), lambda = 1/2: the exact E_N against pi + V/N + A/N^2', () => {
  const sizes = [2, 3, 4, 5, 6];
  for (const sampling of ['with', 'without'] as const) {
    it(`sampling ${sampling}: the second-order error is below the first-order one and falls faster`, () => {
      const run = solveSequence(
        jsqD,
        (N) => jsqD.parse({ N: String(N), lambda: '1/2', d: '2', sampling }),
        sizes,
        () => {},
      );
      if ('untrusted' in run) throw new Error(run.untrusted);
      const view = jsqD.fluid!.refined!;
      const s = refinedExpansion(view.model(jsqD.parse({ N: '1000', lambda: '1/2', d: '2', sampling })), 2).expansion.meanJobs;
      const exact = run.solves.map((x) => metricsOf(jsqD, x.solved.metrics).meanJobs);
      const e1 = exact.map((v, i) => v - atN(s, sizes[i], 1));
      const e2 = exact.map((v, i) => v - atN(s, sizes[i], 2));
      // e1 ~ A/N^2 and e2 ~ c/N^3: e2 is smaller, and e1/e2 grows with N from N = 4 on
      // (with replacement it dips from N = 2 to 3: 36, 30, 29, 30, 32, higher terms at tiny N).
      const ratio = e1.map((e, i) => Math.abs(e / e2[i]));
      ratio.forEach((r, i) => expect(r).toBeGreaterThan(sizes[i] > 4 ? ratio[i - 1] : 1));
      // The first-order error falls like 1/N^2; the second-order one faster (1/N^3 asymptotically).
      expect(fittedExponent(sizes.slice(2), e1.slice(2))).toBeGreaterThan(1.8);
      expect(fittedExponent(sizes.slice(2), e2.slice(2))).toBeGreaterThan(fittedExponent(sizes.slice(2), e1.slice(2)));
      if (sampling === 'without') expect(fittedExponent(sizes.slice(2), e2.slice(2))).toBeGreaterThan(2.8);
    }, 120_000);
  }
});
