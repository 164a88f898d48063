/**
 * Token exchange removes blocking [P1, Enhancement 2]: at the blocking fluid fixed
 * point with lambda < 1, blocking is zero (x_0 = lambda, so B = 1 - x_0/lambda = 0)
 * iff nu >= nu_min = lambda (R alpha_1 - 1)/(1 - lambda) (beta uniform, alpha_1 the
 * largest share), and for general beta iff nu >= R lambda max_r(alpha_r - beta_r)/(1 - lambda)
 * (THEORY section 3, derived). Thresholds are multiplied out by 1 - lambda > 0.
 */
import { and, z3Claim, num, type Prop, type Query, type SmtClaim } from 'lbcheck';
import { blockingDomain, blockingFixedPoint, blockingSymbols, type BlockingSymbols } from 'lbcheck/models';
import { confirmBlockingPoint } from './support/fluid-confirm.ts';
import { DISPATCHERS, sortedShares, uniformShares } from './support/dispatcher-claims.ts';
import { splitByTokenHolders } from './support/token-patterns.ts';

function iffQueries(label: string, hyps: Prop[], zeroBlocking: Prop, threshold: Prop): Query[] {
  return [
    { name: `sufficiency (${label})`, hypotheses: [...hyps, threshold], conclusion: zeroBlocking },
    { name: `necessity (${label})`, hypotheses: [...hyps, zeroBlocking], conclusion: threshold },
  ];
}

function setting(s: BlockingSymbols): Prop[] {
  return [...blockingDomain(s), s.lambda.lt(1), ...blockingFixedPoint(s)];
}

export const nuThresholdBlockingClaim: SmtClaim = {
  id: 'nu-threshold-blocking',
  statement:
    'JIQ blocking fluid, lambda < 1, nu >= 0: every fixed point has zero blocking ' +
    'iff nu >= lambda (R alpha_1 - 1)/(1 - lambda) (beta uniform, alpha_1 = max alpha_r); ' +
    'for general beta iff nu >= R lambda max_r(alpha_r - beta_r)/(1 - lambda)',
  source: 'P1 Sec. V (Enhancement 2, token exchange); general beta: docs/THEORY.md §3 (derived)',
  sizeRange: DISPATCHERS,
  encoding:
    'all fixed points of the fluid equations (z_r switch as ite, x_r >= 0, sum x = 1) for all lambda in (0,1), alpha, beta, nu >= 0; ' +
    'zero blocking as x_0 = lambda; thresholds multiplied by 1 - lambda. General beta: sufficiency and necessity each split into the R + 1 cases ' +
    '"tokens at exactly k dispatchers" (the statement is symmetric in the dispatchers). The paper form (beta uniform, alpha sorted) ' +
    'follows from the last part: there its threshold equals the general one',
  queries(R) {
    const s = blockingSymbols(R);
    const zero = s.x0.eq(s.lambda);
    const slack = s.nu.mul(num(1).sub(s.lambda)); // nu (1 - lambda)
    const generalThreshold = and(...s.alpha.map((a, r) => slack.ge(s.lambda.mul(R).mul(a.sub(s.beta[r])))));
    const [sufficiency, necessity] = iffQueries('general beta', setting(s), zero, generalThreshold);
    const uniform = [...uniformShares(s.beta), ...sortedShares(s.alpha)];
    const paperThreshold = slack.ge(s.lambda.mul(s.alpha[0].mul(R).sub(1)));
    return [
      ...splitByTokenHolders(sufficiency, s.x),
      ...splitByTokenHolders(necessity, s.x),
      {
        name: 'beta uniform, alpha sorted: nu >= lambda (R alpha_1 - 1)/(1 - lambda) iff the general threshold',
        hypotheses: [...blockingDomain(s), s.lambda.lt(1), ...uniform],
        conclusion: paperThreshold.iff(generalThreshold),
      },
    ];
  },
  confirm: (R, _q, values) => confirmBlockingPoint(blockingSymbols(R), values),
};

export const proveNuThresholdBlocking = z3Claim(nuThresholdBlockingClaim, { sizes: [2, 3, 4], expected: 'proved' });
