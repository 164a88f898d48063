/** Closed-form N -> infinity limits of jiq-blocking. */
import { Fraction, type Rational } from 'lbcheck';
import type { JiqBlockingParams } from './params.ts';

/**
 * Theorem 1 [P1] and its Enhancement-1 form (THEORY section 3):
 * lim_{N -> inf} B = max{1 - min_r alpha_r/beta_r, 1 - 1/lambda}; with beta = 1/R
 * this is max{1 - R alpha_R, 1 - 1/lambda}. `critical` marks the curve
 * lambda min_r alpha_r/beta_r = 1, where convergence is only O(1/sqrt N).
 */
export function limitingBlocking(p: JiqBlockingParams): { value: Rational; critical: boolean } {
  const minRatio = p.alpha.map((a, r) => a.div(p.beta[r])).reduce((m, x) => (x.compare(m) < 0 ? x : m));
  const tokenLimited = new Fraction(1).sub(minRatio);
  const capacityLimited = new Fraction(1).sub(p.lambda.inverse());
  return {
    value: tokenLimited.compare(capacityLimited) >= 0 ? tokenLimited : capacityLimited,
    critical: p.lambda.mul(minRatio).equals(1),
  };
}
