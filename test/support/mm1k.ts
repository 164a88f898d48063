/** The M/M/1/K queue in closed form (pi_n proportional to rho^n, n = 0..K), exactly. */
import { Fraction, type Rational } from '../../src/core/rational.ts';

export interface Mm1k {
  meanJobs: Rational;
  /** P(n = K): the blocking probability (PASTA). */
  full: Rational;
}

export function mm1k(rho: Rational, K: number): Mm1k {
  let total = new Fraction(0);
  let weighted = new Fraction(0);
  let term = new Fraction(1);
  for (let n = 0; n <= K; n++) {
    total = total.add(term);
    weighted = weighted.add(term.mul(n));
    if (n < K) term = term.mul(rho);
  }
  return { meanJobs: weighted.div(total), full: term.div(total) };
}
