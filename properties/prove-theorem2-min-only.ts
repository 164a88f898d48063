/**
 * Theorem 2 [P1] as the paper summarises it (THEORY section 3): in the basic JIQ
 * queueing scenario (beta uniform, nu = 0, lambda < 1) the limiting wait is
 * strictly positive for any skew alpha_R < 1/R and "depends on the aggregate load
 * and the minimum load across all dispatchers", through
 *   l = lambda (1 - R alpha_R) / (R (1 - lambda) + lambda).
 * Three parts: positivity; the closed form at every fixed point; and "min only"
 * itself, stated on two systems with the same lambda and the same smallest share
 * alpha_R but other shares free: their fixed points have the same l.
 */
import { z3Claim, num, type Prop, type SmtClaim } from 'lbcheck';
import { queueingDomain, queueingFixedPoint, queueingSymbols, type QueueingSymbols } from 'lbcheck/models';
import { confirmQueueingPoint } from './support/fluid-confirm.ts';
import { DISPATCHERS, sortedShares, uniformShares } from './support/dispatcher-claims.ts';

/** Basic JIQ: beta_r = 1/R, nu = 0, alpha sorted decreasingly (alpha_R the smallest). */
function basicJiq(s: QueueingSymbols): Prop[] {
  return [...queueingDomain(s), s.nu.eq(0), ...uniformShares(s.beta), ...sortedShares(s.alpha), ...queueingFixedPoint(s)];
}

export const theorem2MinOnlyClaim: SmtClaim = {
  id: 'theorem2-min-only',
  statement:
    'JIQ queueing fluid, beta uniform, nu = 0, 0 < lambda < 1: at every fixed point the wait probability l is > 0 iff alpha_R < 1/R, ' +
    'equals lambda (1 - R alpha_R)/(R (1 - lambda) + lambda), and so depends only on lambda and the smallest share alpha_R',
  source: 'P1 Thm. 2 (as summarised in the paper); docs/THEORY.md §3',
  sizeRange: DISPATCHERS,
  encoding:
    'all fixed points of the queueing fluid (reduced by level balance to y_0, y_1, l, x_r); ' +
    '"min only" on two copies with equal lambda and alpha_R, the other shares free (sorted, sum 1)',
  queries(R) {
    const s = queueingSymbols(R);
    const t = queueingSymbols(R, '_b');
    const last = s.alpha[R - 1];
    // l = lambda (1 - R alpha_R) / (R (1 - lambda) + lambda): a refutation shows l and the closed form's value side by side.
    const closedForm = s.l.eq(s.lambda.mul(num(1).sub(last.mul(R))).div(num(R).mul(num(1).sub(s.lambda)).add(s.lambda)));
    return [
      { name: 'l > 0 iff alpha_R < 1/R', hypotheses: basicJiq(s), conclusion: s.l.gt(0).iff(last.mul(R).lt(1)) },
      { name: 'l = lambda (1 - R alpha_R)/(R (1 - lambda) + lambda)', hypotheses: basicJiq(s), conclusion: closedForm },
      {
        name: 'same lambda and alpha_R give the same l',
        hypotheses: [...basicJiq(s), ...basicJiq(t), t.lambda.eq(s.lambda), t.alpha[R - 1].eq(last)],
        conclusion: t.l.eq(s.l),
      },
    ];
  },
  confirm(R, q, values) {
    const own = confirmQueueingPoint(queueingSymbols(R), values);
    if (!q.name.startsWith('same')) return own;
    const other = confirmQueueingPoint(queueingSymbols(R, '_b'), values);
    return { confirmed: own.confirmed && other.confirmed, detail: { system: own.detail, secondSystem: other.detail } };
  },
};

export const proveTheorem2MinOnly = z3Claim(theorem2MinOnlyClaim, { sizes: [2, 3], expected: 'refuted' });
