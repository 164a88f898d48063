/**
 * The fluid limit of jiq-queueing (THEORY section 3): y_i the fraction of servers
 * with i jobs (levels 0..K, cut where the fixed point's tail is below 1e-16), x_r the
 * token fraction at dispatcher r (sum_r x_r = y_0); faces x_r = 0.
 *   z_r = alpha_r lambda if x_r > 0, else min{alpha_r lambda, beta_r y_1 + nu y_0/R}
 *   lambda_1 = sum_r z_r, lambda_2 = lambda - lambda_1
 *   level fluxes up: u_0 = lambda_1 + lambda_2 y_0, u_i = lambda_2 y_i (0 < i < K), u_K = 0
 *   dy_i/dt = u_{i-1} - u_i + y_{i+1} - y_i (y_{-1} = u_{-1} = 0 with dy_0 = y_1 - u_0, y_{K+1} = 0)
 *   dx_r/dt = beta_r y_1 + nu y_0/R - z_r - nu x_r - lambda_2 x_r
 * In the field y_0 is read as the token total sum_s x_s where it counts tokens
 * (exchange, revocation); both are equal on the invariant set, and the field then
 * keeps sum_i y_i = 1 and sum_r x_r = y_0 identically.
 */
import { type FluidView, ratString, ratToNumber, UsageError } from 'lbcheck';
import { rates as jiqRates, type Rates as JiqRates } from '../jiq-blocking/fluid.ts';
import { queueingWaitLimit } from './limits.ts';
import type { JiqQueueingParams } from './params.ts';

/** Levels kept: the fixed point's lambda l^{K-1} falls below this. */
const TAIL = 1e-16;

/** Highest level K of the fluid state: lambda l^{K-1} < TAIL at the fixed point (at least 8). */
function highestFluidLevel(p: JiqQueueingParams): number {
  const l = ratToNumber(queueingWaitLimit(p).waitProbability);
  if (l <= 0) return 8;
  return Math.max(8, Math.ceil(1 + Math.log(TAIL / ratToNumber(p.lambda)) / Math.log(l)));
}

function layout(p: JiqQueueingParams): { K: number; R: number; names: string[] } {
  const K = highestFluidLevel(p);
  const R = p.alpha.length;
  return { K, R, names: [...Array.from({ length: K + 1 }, (_, i) => `y${i}`), ...Array.from({ length: R }, (_, r) => `x${r + 1}`)] };
}

interface Rates extends JiqRates {
  K: number;
}

function rates(p: JiqQueueingParams): Rates {
  return { ...jiqRates(p), K: highestFluidLevel(p) };
}

/** lambda_1 = sum_r z_r at state x (tokens: the token total). */
function tokenRate(q: Rates, x: Float64Array, tokens: number, z?: Float64Array): number {
  let served = 0;
  for (let r = 0; r < q.R; r++) {
    const xr = x[q.K + 1 + r];
    const inflow = q.beta[r] * x[1] + (q.nu * tokens) / q.R;
    const zr = xr > 0 ? q.demand[r] : Math.min(q.demand[r], inflow);
    if (z) z[r] = zr;
    served += zr;
  }
  return served;
}

export const fluidView: FluidView<JiqQueueingParams> = {
  ignoredParams: { N: '1', K: undefined },
  startHelp: 'y0..ym (fractions of servers with 0..m jobs, sum 1), then x1..xR (token fractions, sum y0) (default: empty system)',

  system(p) {
    const q = rates(p);
    const { K, R } = q;
    const { names } = layout(p);
    const z = new Float64Array(R);
    const levels = new Float64Array(K + R + 1);
    levels.fill(1, 0, K + 1);
    const tokensMinusIdle = new Float64Array(K + R + 1);
    tokensMinusIdle.fill(1, K + 1);
    tokensMinusIdle[0] = -1;
    return {
      names,
      faces: Array.from({ length: R }, (_, r) => K + 1 + r),
      invariants: [
        { name: 'sum_i y_i = 1', weights: levels, total: 1 },
        { name: 'sum_r x_r = y_0', weights: tokensMinusIdle, total: 0 },
      ],
      shown: [0, 1, 2, 3, ...Array.from({ length: R }, (_, r) => K + 1 + r)],
      derivative(x, dx) {
        let tokens = 0;
        for (let r = 0; r < R; r++) tokens += x[K + 1 + r];
        const lambda1 = tokenRate(q, x, tokens, z);
        const lambda2 = q.lambda - lambda1;
        let upBelow = 0; // u_{i-1}
        for (let i = 0; i <= K; i++) {
          const up = i === 0 ? lambda1 + lambda2 * tokens : i < K ? lambda2 * x[i] : 0;
          const down = i === 0 ? 0 : x[i]; // completions take a level-i server to i - 1
          const fromAbove = i < K ? x[i + 1] : 0;
          dx[i] = upBelow - up + fromAbove - down;
          upBelow = up;
        }
        for (let r = 0; r < R; r++) {
          const xr = x[K + 1 + r];
          dx[K + 1 + r] = q.beta[r] * x[1] + (q.nu * tokens) / R - z[r] - q.nu * xr - lambda2 * xr;
        }
      },
    };
  },

  start(p, values) {
    const { K, R } = layout(p);
    const x = new Float64Array(K + R + 1);
    if (values === undefined) {
      x[0] = 1; // empty system, tokens spread by beta
      p.beta.forEach((b, r) => (x[K + 1 + r] = ratToNumber(b)));
      return x;
    }
    const levels = values.length - R;
    if (levels < 2 || levels > K + 1) throw new UsageError(`--x0 lists y_0..y_m (2 to ${K + 1} levels) and then x_1..x_${R}: got ${values.length} values`);
    if (values.some((v) => !(v >= 0))) throw new UsageError(`--x0 values must be >= 0, got ${values.join(',')}`);
    const ySum = values.slice(0, levels).reduce((a, b) => a + b, 0);
    const xSum = values.slice(levels).reduce((a, b) => a + b, 0);
    if (Math.abs(ySum - 1) > 1e-12) throw new UsageError(`--x0: y_0..y_${levels - 1} must sum to 1, got ${ySum}`);
    if (Math.abs(xSum - values[0]) > 1e-12)
      throw new UsageError(`--x0: the tokens x_1..x_${R} must sum to y_0 = ${values[0]} (one token per idle server), got ${xSum}`);
    values.slice(0, levels).forEach((v, i) => (x[i] = v));
    values.slice(levels).forEach((v, r) => (x[K + 1 + r] = v));
    return x;
  },

  /**
   * y_0 = 1 - lambda, y_i = lambda (1 - l) l^{i-1}, x_r = [beta_r y_1 + nu y_0/R - alpha_r lambda]^+ / (nu + l)
   * (left open when nu + l = 0), l the exact root of limits.ts.
   */
  fixedPoint(p) {
    const { K, R } = layout(p);
    const lExact = queueingWaitLimit(p).waitProbability;
    const l = ratToNumber(lExact);
    const lambda = ratToNumber(p.lambda);
    const x = new Float64Array(K + R + 1);
    x[0] = 1 - lambda;
    for (let i = 1; i <= K; i++) x[i] = lambda * (1 - l) * l ** (i - 1);
    const nu = ratToNumber(p.nu);
    p.alpha.forEach((a, r) => {
      const surplus = ratToNumber(p.beta[r]) * x[1] + (nu * x[0]) / R - ratToNumber(a) * lambda;
      x[K + 1 + r] = nu + l > 0 ? Math.max(0, surplus) / (nu + l) : Number.NaN;
    });
    return { state: x, exact: { l: ratString(lExact) }, method: `exact root l of docs/THEORY.md §3 (levels cut at K = ${K}, tail < 1e-16)` };
  },

  /**
   * At the state: a job waits when sent at random (lambda_2/lambda) to a busy server:
   * P(W > 0) = (lambda_2/lambda)(1 - y_0), E[W] = (lambda_2/lambda) sum_i i y_i; E[jobs] = sum_i i y_i and
   * the mean sojourn E[jobs]/lambda (Little). At the fixed point: l, l/(1 - l), 1/(1 - l).
   */
  metrics(p, x) {
    const q = rates(p);
    const lambda2 = q.lambda - tokenRate(q, x, x[0]);
    let jobs = 0;
    for (let i = 1; i <= q.K; i++) jobs += i * x[i];
    return {
      waitProbability: (lambda2 / q.lambda) * (1 - x[0]),
      meanWait: (lambda2 / q.lambda) * jobs,
      meanJobs: jobs,
      meanSojourn: jobs / q.lambda,
      tokenFraction: Array.from(x.subarray(q.K + 1)),
    };
  },
};
