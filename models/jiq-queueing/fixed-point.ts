/**
 * Fixed points of the jiq-queueing fluid limit (THEORY section 3): the equations
 * as expressions (for Z3 and exact checks); limits.ts solves them exactly.
 *
 * The fluid state is infinite (y_i, i >= 0); its fixed points reduce to finitely
 * many unknowns. dy_0/dt = 0 and dy_i/dt = 0 make every level flux vanish:
 *   y_1 = lambda_1 + l y_0,   y_{i+1} = l y_i (i >= 1),   l = lambda_2 = lambda - lambda_1,
 * so sum_i y_i = 1 reads y_1 = (1 - l)(1 - y_0) (l < 1). The unknowns are
 * y_0, y_1, l and the token fractions x_r (sum x_r = y_0), with
 *   z_r = alpha_r lambda if x_r > 0, else min{alpha_r lambda, beta_r y_1 + nu y_0/R}
 *   dx_r/dt = beta_r y_1 + nu y_0/R - z_r - nu x_r - l x_r = 0.
 * Then P(W > 0) = l and E[W] = l/(1 - l).
 */
import { ite, min, num, type Prop, sum, type Term, variable } from 'lbcheck';

export interface QueueingSymbols {
  R: number;
  lambda: Term;
  alpha: Term[];
  beta: Term[];
  nu: Term;
  y0: Term;
  y1: Term;
  /** lambda_2: the rate of jobs routed at random, P(W > 0) at the fixed point. */
  l: Term;
  x: Term[];
}

/** Variables (names get `tag` appended, for second copies). */
export function queueingSymbols(R: number, tag = ''): QueueingSymbols {
  const list = (name: string): Term[] => Array.from({ length: R }, (_, r) => variable(`${name}${r + 1}${tag}`));
  return {
    R,
    lambda: variable(`lambda${tag}`),
    alpha: list('alpha'),
    beta: list('beta'),
    nu: variable(`nu${tag}`),
    y0: variable(`y0${tag}`),
    y1: variable(`y1${tag}`),
    l: variable(`l${tag}`),
    x: list('x'),
  };
}

/** THEORY section 1: 0 < lambda < 1 (stability), alpha and beta distributions, nu >= 0. */
export function queueingDomain(s: QueueingSymbols): Prop[] {
  return [s.lambda.gt(0), s.lambda.lt(1), s.nu.ge(0), ...s.alpha.map((a) => a.gt(0)), sum(s.alpha).eq(1), ...s.beta.map((b) => b.gt(0)), sum(s.beta).eq(1)];
}

/** Token inflow at r: beta_r y_1 + nu y_0 / R. */
function tokenInflow(s: QueueingSymbols, r: number): Term {
  return s.beta[r].mul(s.y1).add(s.nu.mul(s.y0).div(s.R));
}

/** The reduced fixed-point equations of the module comment. */
export function queueingFixedPoint(s: QueueingSymbols): Prop[] {
  const z = s.x.map((x, r) => {
    const demand = s.alpha[r].mul(s.lambda);
    return ite(x.gt(0), demand, min(demand, tokenInflow(s, r)));
  });
  const lambda1 = sum(z);
  return [
    s.y0.ge(0),
    s.y1.ge(0),
    ...s.x.map((x) => x.ge(0)),
    sum(s.x).eq(s.y0),
    s.l.eq(s.lambda.sub(lambda1)),
    s.l.lt(1),
    s.y1.eq(lambda1.add(s.l.mul(s.y0))),
    s.y1.eq(num(1).sub(s.l).mul(num(1).sub(s.y0))),
    ...s.x.map((x, r) => tokenInflow(s, r).sub(z[r]).sub(s.nu.add(s.l).mul(x)).eq(0)),
  ];
}
