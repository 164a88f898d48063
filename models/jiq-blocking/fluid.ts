/**
 * The fluid limit of jiq-blocking (THEORY section 3): x_0 busy fraction, x_r token
 * fraction at dispatcher r; faces x_r = 0 ("no tokens left at r").
 *   dx_0/dt = sum_r z_r - x_0
 *   dx_r/dt = beta_r x_0 + nu (1 - x_0)/R - z_r - nu x_r
 *   z_r = alpha_r lambda if x_r > 0, else min{alpha_r lambda, beta_r x_0 + nu (1 - x_0)/R}
 * On the face the token inflow is used up at once (z_r = inflow, dx_r = 0) while it
 * is below the demand: that is the sliding motion.
 */
import { type FluidView, ratString, ratToNumber, UsageError } from 'lbcheck';
import { blockingFixedPointExact } from './fixed-point.ts';
import { jiqBlockingDensity } from './refined.ts';
import type { JiqBlockingParams } from './params.ts';

/** The JIQ fluid rates as doubles: demand_r = alpha_r lambda (shared by jiq-queueing). */
export interface Rates {
  R: number;
  lambda: number;
  demand: Float64Array;
  beta: Float64Array;
  nu: number;
}

export function rates(p: JiqBlockingParams): Rates {
  const lambda = ratToNumber(p.lambda);
  return {
    R: p.alpha.length,
    lambda,
    demand: Float64Array.from(p.alpha, (a) => ratToNumber(a) * lambda),
    beta: Float64Array.from(p.beta, ratToNumber),
    nu: ratToNumber(p.nu),
  };
}

/**
 * Token inflow at r. The exchange share is written nu (sum_s x_s)/R, which is
 * nu (1 - x_0)/R on the simplex: the field then conserves mass identically, so
 * rounding off the simplex is not amplified by long steps (rate nu).
 */
function inflow(q: Rates, x: Float64Array, tokens: number, r: number): number {
  return q.beta[r] * x[0] + (q.nu * tokens) / q.R;
}

function tokenTotal(x: Float64Array): number {
  let tokens = 0;
  for (let s = 1; s < x.length; s++) tokens += x[s];
  return tokens;
}

function admitted(q: Rates, x: Float64Array, r: number, into: number): number {
  return x[r + 1] > 0 ? q.demand[r] : Math.min(q.demand[r], into);
}

const names = (R: number): string[] => ['x0', ...Array.from({ length: R }, (_, r) => `x${r + 1}`)];

export const fluidView: FluidView<JiqBlockingParams> = {
  ignoredParams: { N: '1' },
  refined: { ignoredParams: { N: '1' }, model: jiqBlockingDensity },
  startHelp: 'x0 (busy fraction), then x1..xR (token fractions), summing to 1 (default: empty system, tokens spread by beta)',
  system(p) {
    const q = rates(p);
    const R = q.R;
    return {
      names: names(R),
      faces: Array.from({ length: R }, (_, r) => r + 1),
      invariants: [{ name: 'x_0 + sum_r x_r = 1', weights: new Float64Array(R + 1).fill(1), total: 1 }],
      derivative(x, dx) {
        let served = 0;
        const tokens = tokenTotal(x);
        for (let r = 0; r < R; r++) {
          const into = inflow(q, x, tokens, r);
          const z = admitted(q, x, r, into);
          served += z;
          dx[r + 1] = into - z - q.nu * x[r + 1];
        }
        dx[0] = served - x[0];
      },
    };
  },

  start(p, values) {
    const R = p.alpha.length;
    if (values === undefined) return Float64Array.from([0, ...p.beta.map(ratToNumber)]); // empty system, tokens spread by beta
    if (values.length !== R + 1) throw new UsageError(`--x0 needs ${R + 1} values (x0 busy fraction, then x1..x${R} token fractions), got ${values.length}`);
    if (values.some((v) => !(v >= 0))) throw new UsageError(`--x0 values must be >= 0, got ${values.join(',')}`);
    const total = values.reduce((a, b) => a + b, 0);
    if (Math.abs(total - 1) > 1e-12) throw new UsageError(`--x0 values must sum to 1 (fractions of the N servers), got ${total}`);
    return Float64Array.from(values);
  },

  fixedPoint(p) {
    const fp = blockingFixedPointExact(p);
    const exact: Record<string, string | null> = { x0: ratString(fp.x0) };
    fp.x.forEach((v, r) => (exact[`x${r + 1}`] = v === null ? null : ratString(v)));
    return {
      state: Float64Array.from([ratToNumber(fp.x0), ...fp.x.map((v) => (v === null ? Number.NaN : ratToNumber(v)))]),
      exact,
      method:
        p.nu.n === 0n ? 'closed form x0 = min{1, lambda min_r alpha_r/beta_r}' : 'exact root of sum_r [beta_r t + nu(1-t)/R - alpha_r lambda]^+ = nu (1 - t)',
    };
  },

  /**
   * B = 1 - sum_r z_r / lambda (the blocked share of arrivals); P(n_r = 0) -> 1 - z_r/(alpha_r lambda),
   * the share of r's arrivals that find no token. At the fixed point B = 1 - x_0/lambda. (Tokens enter
   * the inflow as 1 - x_0, their total on the simplex: the fixed point may leave their split open.)
   */
  metrics(p, x) {
    const q = rates(p);
    const admittedShare = Array.from({ length: q.R }, (_, r) => admitted(q, x, r, inflow(q, x, 1 - x[0], r)) / q.demand[r]);
    const served = admittedShare.reduce((s, a, r) => s + a * q.demand[r], 0);
    return {
      blocking: 1 - served / q.lambda,
      busyFraction: x[0],
      tokenFraction: Array.from(x.subarray(1)),
      noTokenProbability: admittedShare.map((a) => 1 - a),
    };
  },
};
