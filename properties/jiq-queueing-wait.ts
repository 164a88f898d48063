/**
 * JIQ queueing scenario [P1] (THEORY section 3): lim_{N->inf} P(W > 0) = l, the
 * root of sum_r [beta_r lambda (1-l) + nu(1-lambda)/R - alpha_r lambda]^+ = (l + nu)(1 - lambda).
 * Skewed alpha with basic JIQ (beta = 1/R) gives l > 0 (Theorem 2: the wait stays
 * bounded away from 0); beta = alpha gives l = 0.
 *
 * Checked on the exact finite-N chain for N = 2..6: the distance e(N) = |P_N(wait) - l|
 * must fall strictly, with an observed order log(e(3)/e(6))/log 2 of at least
 * 1/2. Finite-size corrections are O(1/N) for smooth drifts; JIQ's drift
 * switches where a dispatcher runs out of tokens, where Theorem 1 shows
 * O(1/sqrt N), so 1/2 is the least order a right limit may show. A wrong limit
 * (l = 0 for the skewed case, l > 0 for beta = alpha) leaves e(N) flat or rising.
 */
import { BOUNDARY_TOLERANCE, forCases, metricsOf, ratString, ratToNumber, round } from 'lbcheck';
import { jiqQueueing, queueingWaitLimit } from 'lbcheck/models';
import { approaches, type LimitRule } from './support/limit-approach.ts';

const RULE: LimitRule = { sizes: [2, 3, 4, 5, 6], orderBetween: [3, 6], minOrder: 0.5, metric: 'waitProbability', digits: 6 };

const CASES: { name: string; raw: Record<string, string> }[] = [
  { name: 'skewed alpha, basic JIQ', raw: { lambda: '1/4', alpha: '4/5,1/5' } },
  { name: 'beta = alpha', raw: { lambda: '1/4', alpha: '4/5,1/5', beta: '4/5,1/5' } },
];

export const jiqQueueingWait = forCases({
  id: 'jiq-queueing-wait',
  claim:
    'JIQ queueing: P(W > 0) -> l (fluid root; l > 0 for skewed alpha with basic JIQ, l = 0 for beta = alpha); ' +
    `|P_N(W > 0) - l| falls strictly over N = ${RULE.sizes.join(', ')}, order >= ${RULE.minOrder}`,
  source: 'P1 Thm. 2 and its enhancements proposition (beta = alpha); docs/THEORY.md §3',
  method: `lumped CTMC, iterative solver, boundary mass <= ${BOUNDARY_TOLERANCE}`,
  expected: 'holds',
  cases: CASES,
  label: (c) => c.name,
  check: (c, ctx) => {
    const limit = queueingWaitLimit(jiqQueueing.parse({ ...c.raw, N: '1' })).waitProbability;
    return approaches(
      RULE,
      {
        family: jiqQueueing,
        paramsAt: (N: number) => jiqQueueing.parse({ ...c.raw, N: String(N) }),
        value: (s) => metricsOf(jiqQueueing, s.metrics).waitProbability,
        limit: ratToNumber(limit),
        fields: { case: c.name, ...c.raw, fluidWait: ratString(limit), fluidWaitValue: round(ratToNumber(limit)) },
      },
      ctx.progress,
    );
  },
  summary: {
    holds: 'P_N(wait) approaches the fluid value in both cases (> 0 for skewed basic JIQ, 0 for beta = alpha)',
    refuted: (n) => `${n} cases do not approach the fluid wait probability`,
  },
  evidence: (cases) => ({ sizes: [...RULE.sizes], cases }),
});
