/**
 * Token exchange removes waiting [P1, Enhancement 2] (THEORY section 3, derived):
 * at the queueing fluid fixed point (lambda < 1) no job waits (l = lambda_2 = 0,
 * so P(W > 0) = 0) iff nu >= R lambda max_r(alpha_r - beta_r)/(1 - lambda), which is
 * lambda (R alpha_1 - 1)/(1 - lambda) for uniform beta: the blocking threshold.
 */
import { and, z3Claim, num, type SmtClaim } from 'lbcheck';
import { queueingDomain, queueingFixedPoint, queueingSymbols } from 'lbcheck/models';
import { confirmQueueingPoint } from './support/fluid-confirm.ts';
import { DISPATCHERS, sortedShares, uniformShares } from './support/dispatcher-claims.ts';
import { splitByTokenHolders } from './support/token-patterns.ts';

export const nuThresholdQueueingClaim: SmtClaim = {
  id: 'nu-threshold-queueing',
  statement:
    'JIQ queueing fluid, 0 < lambda < 1, nu >= 0: every fixed point has zero wait (lambda_2 = 0) iff nu >= R lambda max_r(alpha_r - beta_r)/(1 - lambda); ' +
    'for uniform beta iff nu >= lambda (R alpha_1 - 1)/(1 - lambda) (alpha_1 = max alpha_r)',
  source: 'P1 Sec. V (Enhancement 2, queueing scenario); docs/THEORY.md §3 (derived)',
  sizeRange: DISPATCHERS,
  encoding:
    'all fixed points of the queueing fluid, reduced by level balance to y_0, y_1, l = lambda_2 and tokens x_r (y_{i+1} = l y_i); ' +
    'z_r switch as ite; thresholds multiplied by 1 - lambda. Sufficiency and necessity each split into the R + 1 cases ' +
    '"tokens at exactly k dispatchers" (symmetric statement); the paper form follows from the last part',
  queries(R) {
    const s = queueingSymbols(R);
    const setting = [...queueingDomain(s), ...queueingFixedPoint(s)];
    const noWait = s.l.eq(0);
    const slack = s.nu.mul(num(1).sub(s.lambda));
    const generalThreshold = and(...s.alpha.map((a, r) => slack.ge(s.lambda.mul(R).mul(a.sub(s.beta[r])))));
    const uniform = [...uniformShares(s.beta), ...sortedShares(s.alpha)];
    const paperThreshold = slack.ge(s.lambda.mul(s.alpha[0].mul(R).sub(1)));
    return [
      ...splitByTokenHolders({ name: 'sufficiency (general beta)', hypotheses: [...setting, generalThreshold], conclusion: noWait }, s.x),
      ...splitByTokenHolders({ name: 'necessity (general beta)', hypotheses: [...setting, noWait], conclusion: generalThreshold }, s.x),
      {
        name: 'beta uniform, alpha sorted: nu >= lambda (R alpha_1 - 1)/(1 - lambda) iff the general threshold',
        hypotheses: [...queueingDomain(s), ...uniform],
        conclusion: paperThreshold.iff(generalThreshold),
      },
    ];
  },
  confirm: (R, _q, values) => confirmQueueingPoint(queueingSymbols(R), values),
};

export const proveNuThresholdQueueing = z3Claim(nuThresholdQueueingClaim, { sizes: [2, 3, 4], expected: 'proved' });
