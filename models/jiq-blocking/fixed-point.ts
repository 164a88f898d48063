/**
 * Fixed points of the jiq-blocking fluid limit (THEORY section 3): the equations
 * as expressions (for Z3 and exact checks) and their exact solution.
 *   dx_0/dt = sum_r z_r - x_0
 *   dx_r/dt = beta_r x_0 + nu (1 - x_0)/R - z_r - nu x_r
 *   z_r = alpha_r lambda if x_r > 0, else min{alpha_r lambda, beta_r x_0 + nu (1 - x_0)/R}
 */
import { Fraction, ite, min, num, positivePartRoot, type Prop, type Rational, sum, type Term, variable } from 'lbcheck';
import type { JiqBlockingParams } from './params.ts';

export interface BlockingSymbols {
  R: number;
  lambda: Term;
  alpha: Term[];
  beta: Term[];
  nu: Term;
  /** Busy fraction x_0 and token fractions x_1..x_R. */
  x0: Term;
  x: Term[];
}

/** Variables lambda, alpha_r, beta_r, nu, x0, x_r (names get `tag` appended, for second copies). */
export function blockingSymbols(R: number, tag = ''): BlockingSymbols {
  const list = (name: string): Term[] => Array.from({ length: R }, (_, r) => variable(`${name}${r + 1}${tag}`));
  return { R, lambda: variable(`lambda${tag}`), alpha: list('alpha'), beta: list('beta'), nu: variable(`nu${tag}`), x0: variable(`x0${tag}`), x: list('x') };
}

/** THEORY section 1: lambda > 0, alpha and beta distributions with positive entries, nu >= 0. */
export function blockingDomain(s: BlockingSymbols): Prop[] {
  return [s.lambda.gt(0), s.nu.ge(0), ...s.alpha.map((a) => a.gt(0)), sum(s.alpha).eq(1), ...s.beta.map((b) => b.gt(0)), sum(s.beta).eq(1)];
}

/** Token inflow at dispatcher r: beta_r x_0 + nu (1 - x_0)/R. */
export function tokenInflow(s: BlockingSymbols, r: number): Term {
  return s.beta[r].mul(s.x0).add(s.nu.mul(num(1).sub(s.x0)).div(s.R));
}

/** Admitted rate z_r: the switch on the face x_r = 0. */
export function admitted(s: BlockingSymbols, r: number): Term {
  const demand = s.alpha[r].mul(s.lambda);
  return ite(s.x[r].gt(0), demand, min(demand, tokenInflow(s, r)));
}

/** The drift (dx_0/dt, dx_1/dt, ..., dx_R/dt). */
export function blockingDrift(s: BlockingSymbols): Term[] {
  const z = s.x.map((_, r) => admitted(s, r));
  return [sum(z).sub(s.x0), ...s.x.map((x, r) => tokenInflow(s, r).sub(z[r]).sub(s.nu.mul(x)))];
}

/** x is a fixed point: fractions >= 0 summing to 1, zero drift. */
export function blockingFixedPoint(s: BlockingSymbols): Prop[] {
  return [s.x0.ge(0), ...s.x.map((x) => x.ge(0)), sum([s.x0, ...s.x]).eq(1), ...blockingDrift(s).map((d) => d.eq(0))];
}

export interface BlockingFixedPoint {
  x0: Rational;
  /** Token fractions; null where the equations leave them open (nu = 0 with ties in alpha_r/beta_r). */
  x: (Rational | null)[];
}

/**
 * The fixed point, exactly (THEORY section 3). nu = 0: x_0 = min{1, lambda min_r alpha_r/beta_r},
 * tokens at the dispatchers attaining the minimum. nu > 0: x_0 = theta, the root in
 * [0, min(lambda, 1)] of sum_r [beta_r theta + nu(1-theta)/R - alpha_r lambda]^+ = nu (1 - theta),
 * and x_r = [beta_r theta + nu(1-theta)/R - alpha_r lambda]^+ / nu.
 */
export function blockingFixedPointExact(p: JiqBlockingParams): BlockingFixedPoint {
  const R = p.alpha.length;
  const one = new Fraction(1);
  if (p.nu.n === 0n) {
    const ratios = p.alpha.map((a, r) => a.mul(p.lambda).div(p.beta[r]));
    const least = ratios.reduce((m, x) => (x.compare(m) < 0 ? x : m));
    if (least.compare(1) >= 0) return { x0: one, x: p.alpha.map(() => new Fraction(0)) };
    const argmin = ratios.map((x) => x.equals(least));
    const ties = argmin.filter(Boolean).length;
    return { x0: least, x: argmin.map((m) => (!m ? new Fraction(0) : ties === 1 ? one.sub(least) : null)) };
  }
  const share = p.nu.div(R);
  // [beta_r theta + nu(1 - theta)/R - alpha_r lambda]^+ = [(share - alpha_r lambda) + (beta_r - share) theta]^+
  const terms = p.alpha.map((a, r) => ({ a: share.sub(a.mul(p.lambda)), b: p.beta[r].sub(share) }));
  const hi = p.lambda.compare(1) < 0 ? p.lambda : one;
  const theta = positivePartRoot({ terms, c: p.nu, d: p.nu.neg() }, new Fraction(0), hi);
  if (theta === null) throw new RangeError('no fixed point in [0, min(lambda, 1)]: the root equation has no sign change');
  const x = terms.map(({ a, b }) => {
    const v = a.add(b.mul(theta));
    return v.compare(0) > 0 ? v.div(p.nu) : new Fraction(0);
  });
  return { x0: theta, x };
}
