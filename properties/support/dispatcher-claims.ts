/**
 * Pieces shared by the Z3 claims over R dispatchers (the JIQ fluid fixed
 * points of P1): the range of R they are stated for, and the paper's setting,
 * uniform token routing beta_r = 1/R with dispatchers labelled by decreasing
 * arrival share.
 */
import { num, type Prop, type Term } from 'lbcheck';

/** The sizes these claims are stated for (`lbcheck prove --size`). */
export const DISPATCHERS = { meaning: 'dispatchers R', min: 2, max: 6 } as const;

/** beta_r = 1/R for every dispatcher: freed tokens go to a uniform dispatcher (basic JIQ). */
export function uniformShares(beta: readonly Term[]): Prop[] {
  return beta.map((b) => b.eq(num(1).div(beta.length)));
}

/** alpha_1 >= alpha_2 >= ... >= alpha_R (alpha_R the smallest share). */
export function sortedShares(alpha: readonly Term[]): Prop[] {
  return alpha.slice(1).map((a, r) => alpha[r].ge(a));
}
