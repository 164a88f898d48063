/** The domain rules the pointwise jiq-blocking claims share: a chain small enough for the solver that decides them, nu = 0 for the product form. */
import { binomial, ratString } from 'lbcheck';
import { type JiqBlockingParams, productFormApplies } from 'lbcheck/models';

/** States of the jiq-blocking chain: token counts with sum <= N, C(N + R, R). */
export const jiqStates = (p: JiqBlockingParams): number => Number(binomial(p.N + p.alpha.length, p.alpha.length));

/** "N = 60, R = 3: 39,711 states, more than the 2,000 an exact solve is decided at" or null. */
export function tooManyStates(p: JiqBlockingParams, max: number, solver: string): string | null {
  const n = jiqStates(p);
  return n > max
    ? `N = ${p.N}, R = ${p.alpha.length}: ${n.toLocaleString('en-US')} states, more than the ${max.toLocaleString('en-US')} ${solver} is decided at`
    : null;
}

/** The product-form claims are stated for nu = 0 (P1 Sec. III); the reason a point is outside, or null. */
export function productFormRule(p: JiqBlockingParams): string | null {
  return productFormApplies(p) ? null : `the product form is claimed for nu = 0 only (P1 Sec. III), got nu = ${ratString(p.nu)}`;
}
