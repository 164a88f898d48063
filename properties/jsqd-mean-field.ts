/**
 * JSQ(d) [P2], THEORY section 4: the finite-N mean sojourn T(N) approaches the
 * mean-field value T_mf = sum_{i >= 1} lambda^{(d^i - d)/(d - 1)} as N grows.
 * The drift of JSQ(d) is polynomial in the occupancy fractions, so mean-field
 * expectations are 1/N-accurate (Gast, SIGMETRICS 2017): e(N) = |T(N) - T_mf|
 * must fall strictly with N, with an observed order log(e(N1)/e(N2))/log(N2/N1)
 * of at least 0.8 between the smallest and the largest N (a wrong limit leaves
 * e(N) nearly flat: order near 0).
 */
import { BOUNDARY_TOLERANCE, forCases, Fraction, metricsOf, ratToNumber, round } from 'lbcheck';
import { jsqD, meanFieldSojourn } from 'lbcheck/models';
import { approaches, type LimitRule } from './support/limit-approach.ts';

const RULE: LimitRule = { sizes: [4, 8, 12], orderBetween: [4, 12], minOrder: 0.8, metric: 'meanSojourn', digits: 10, showScaled: true };

const CASES = [
  { d: 2, lambda: '1/4' },
  { d: 3, lambda: '1/2' },
];

export const jsqdMeanField = forCases({
  id: 'jsqd-mean-field',
  claim:
    'JSQ(d): the mean sojourn T(N) tends to sum_i lambda^((d^i - d)/(d - 1)) as N grows, at rate 1/N: ' +
    `|T(N) - T_mf| falls strictly over N = ${RULE.sizes.join(', ')}, observed order >= ${RULE.minOrder}`,
  source: 'P2, docs/THEORY.md §4 (mean-field fixed point); 1/N accuracy: Gast, SIGMETRICS 2017',
  method: `lumped CTMC, iterative solver, boundary mass <= ${BOUNDARY_TOLERANCE}`,
  expected: 'holds',
  cases: CASES,
  label: (c) => `d = ${c.d}, lambda = ${c.lambda}`,
  check: (c, ctx) => {
    const limit = meanFieldSojourn(ratToNumber(new Fraction(c.lambda)), c.d);
    return approaches(
      RULE,
      {
        family: jsqD,
        paramsAt: (N: number) => jsqD.parse({ N: String(N), lambda: c.lambda, d: String(c.d) }),
        value: (s) => metricsOf(jsqD, s.metrics).meanSojourn,
        limit,
        fields: { d: c.d, lambda: c.lambda, meanField: round(limit, 10) },
      },
      ctx.progress,
    );
  },
  summary: {
    holds: `${CASES.length} cases: the error to the mean-field sojourn falls like 1/N`,
    refuted: (n) => `${n} cases do not approach the mean-field sojourn at rate 1/N`,
  },
  evidence: (cases) => ({ sizes: [...RULE.sizes], cases }),
});
