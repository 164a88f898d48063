/**
 * Theorem 1 at the fluid level [P1]: every fixed point of the basic blocking fluid
 * equations (nu = 0) has x_0 = min{R alpha_R lambda, 1} (beta uniform, alpha_R the
 * smallest share); with allotment beta, x_0 = min{1, lambda min_r alpha_r/beta_r}.
 * min_r alpha_r/beta_r is stated without division: x_0 beta_r <= lambda alpha_r for
 * every r, with equality for some r or x_0 = 1.
 */
import { and, z3Claim, or, type SmtClaim } from 'lbcheck';
import { blockingDomain, blockingFixedPoint, blockingSymbols } from 'lbcheck/models';
import { confirmBlockingPoint } from './support/fluid-confirm.ts';
import { DISPATCHERS, sortedShares, uniformShares } from './support/dispatcher-claims.ts';

export const theorem1FixedPointClaim: SmtClaim = {
  id: 'theorem1-fixed-point',
  statement:
    'JIQ blocking fluid, nu = 0, any lambda > 0: every fixed point has x_0 = min{R alpha_R lambda, 1} (beta uniform, alpha_R = min alpha_r), ' +
    'and x_0 = min{1, lambda min_r alpha_r/beta_r} for general beta',
  source: 'P1 Thm. 1 (fluid level); general beta: docs/THEORY.md §3',
  sizeRange: DISPATCHERS,
  encoding:
    'all fixed points of the fluid equations with nu = 0 (z_r switch as ite, x_r >= 0, sum x = 1) for all lambda > 0, alpha, beta; ' +
    'min written as bounds plus attainment',
  queries(R) {
    const s = blockingSymbols(R);
    const setting = [...blockingDomain(s), s.nu.eq(0), ...blockingFixedPoint(s)];
    const sorted = sortedShares(s.alpha);
    const uniform = uniformShares(s.beta);
    const last = s.alpha[R - 1];
    const paper = or(and(s.lambda.mul(last).mul(R).le(1), s.x0.eq(s.lambda.mul(last).mul(R))), and(s.lambda.mul(last).mul(R).ge(1), s.x0.eq(1)));
    const bounds = s.alpha.map((a, r) => s.x0.mul(s.beta[r]).le(s.lambda.mul(a)));
    const attained = or(s.x0.eq(1), ...s.alpha.map((a, r) => s.x0.mul(s.beta[r]).eq(s.lambda.mul(a))));
    return [
      { name: 'x_0 = min{R alpha_R lambda, 1} (beta uniform, alpha sorted)', hypotheses: [...setting, ...uniform, ...sorted], conclusion: paper },
      { name: 'x_0 = min{1, lambda min_r alpha_r/beta_r} (general beta)', hypotheses: setting, conclusion: and(s.x0.le(1), ...bounds, attained) },
    ];
  },
  confirm: (R, _q, values) => confirmBlockingPoint(blockingSymbols(R), values),
};

export const proveTheorem1FixedPoint = z3Claim(theorem1FixedPointClaim, { sizes: [2, 3, 4], expected: 'proved' });
