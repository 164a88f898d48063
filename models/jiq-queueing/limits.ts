/** The N -> infinity fixed point of the JIQ queueing fluid limit (THEORY section 3). */
import { Fraction, type Rational } from 'lbcheck';
import type { JiqBlockingParams } from '../jiq-blocking/params.ts';

/**
 * l = lambda_2, the rate of jobs routed at random, is the root in [0, 1) of (derived)
 *   f(l) = sum_r [c_r - beta_r lambda l]^+ - (l + nu)(1 - lambda),
 *   c_r = beta_r lambda + nu (1 - lambda)/R - alpha_r lambda.
 * f decreases, f(0) >= 0 (sum_r c_r = nu (1 - lambda)) and f(1) < 0. f is linear
 * between its breakpoints c_r / (beta_r lambda), so the root is found exactly:
 * the first breakpoint (or 1) where f <= 0, then linear interpolation.
 * Then lim P(W > 0) = l and lim E[W] = l / (1 - l).
 */
export function queueingWaitLimit(p: JiqBlockingParams): { waitProbability: Rational; meanWait: Rational } {
  const R = p.alpha.length;
  const one = new Fraction(1);
  const idle = one.sub(p.lambda);
  const c = p.alpha.map((a, r) => p.beta[r].mul(p.lambda).add(p.nu.mul(idle).div(R)).sub(a.mul(p.lambda)));
  const slope = p.beta.map((b) => b.mul(p.lambda));
  const f = (l: Rational): Rational => {
    let sum = l.add(p.nu).mul(idle).neg();
    c.forEach((cr, r) => {
      const term = cr.sub(slope[r].mul(l));
      if (term.compare(0) > 0) sum = sum.add(term);
    });
    return sum;
  };
  const points = c.map((cr, r) => cr.div(slope[r])).filter((t) => t.compare(0) > 0 && t.compare(1) < 0);
  points.push(one);
  points.sort((a, b) => a.compare(b));
  let lo = new Fraction(0);
  let fLo = f(lo);
  let l = lo;
  if (fLo.compare(0) > 0) {
    for (const hi of points) {
      const fHi = f(hi);
      if (fHi.compare(0) <= 0) {
        l = lo.add(fLo.mul(hi.sub(lo)).div(fLo.sub(fHi)));
        break;
      }
      lo = hi;
      fLo = fHi;
    }
  }
  return { waitProbability: l, meanWait: l.div(one.sub(l)) };
}
