/**
 * The mean-field (fluid) limit of JSQ(d) [P2] (THEORY section 4): s_i the fraction
 * of servers with >= i jobs, s_0 = 1, levels 1..K (cut where the fixed point's
 * tail is below 1e-16; arrivals that would go above K are dropped):
 *   ds_i/dt = lambda (s_{i-1}^d - s_i^d) - (s_i - s_{i+1})
 * Fixed point s_i = lambda^{(d^i - 1)/(d - 1)}; a smooth field, no faces. The JSQ
 * (d -> infinity) fixed point is s_1 = lambda, s_i = 0 for i >= 2.
 *
 * The join rate lambda (s_{i-1}^d - s_i^d) is the one of sampling with replacement
 * (support/sampling.ts): there the finite-N chain's drift is this field exactly at
 * every N. Without replacement the finite-N rate C(S_i, d)/C(N, d) differs from
 * s_i^d by O(d^2/N) and has the same limit, so the view ignores N and --sampling.
 */
import { type FluidView, type Rational, ratToNumber, UsageError } from 'lbcheck';
import { meanFieldTail } from './limits.ts';
import { jsqdDensity } from './refined.ts';
import type { JsqdParams } from './params.ts';

const TAIL = 1e-16;
/** The N the fluid view's parameters carry (it does not use it). */
const MEAN_FIELD_N = 1_000_000;

/** Parameters of the mean-field view at (lambda, d): the ones ignoredParams fills in. */
export function meanFieldParams(lambda: Rational, d: number): JsqdParams {
  return { N: MEAN_FIELD_N, lambda, d, sampling: 'with', K: undefined };
}
const MAX_LEVEL = 20_000;

/** K: the first level whose fixed-point tail is below 1e-16 (at least 4). */
function fluidLevelCount(lambda: number, d: number): number {
  let K = 1;
  while (meanFieldTail(lambda, d, K) >= TAIL && K < MAX_LEVEL) K++;
  return Math.max(4, K);
}

export const fluidView: FluidView<JsqdParams> = {
  ignoredParams: { N: String(MEAN_FIELD_N), sampling: 'with', K: undefined },
  // The expansion reads --sampling: without replacement has its own 1/N rate term (./refined.ts).
  refined: { ignoredParams: { N: String(MEAN_FIELD_N), K: undefined }, model: jsqdDensity },
  startHelp: 's1..sm, fractions of servers with >= i jobs, 1 >= s1 >= s2 >= ... (default: empty system)',

  system(p) {
    const lambda = ratToNumber(p.lambda);
    const { d } = p;
    const K = fluidLevelCount(lambda, d);
    return {
      names: Array.from({ length: K }, (_, i) => `s${i + 1}`),
      faces: [],
      invariants: [],
      shown: Array.from({ length: Math.min(K, 5) }, (_, i) => i),
      derivative(s, ds) {
        let above = 1; // s_{i-1}^d, from s_0 = 1
        for (let i = 0; i < K; i++) {
          const here = s[i] ** d;
          ds[i] = lambda * (above - here) - (s[i] - (i + 1 < K ? s[i + 1] : 0));
          above = here;
        }
      },
    };
  },

  start(p, values) {
    const K = fluidLevelCount(ratToNumber(p.lambda), p.d);
    const s = new Float64Array(K);
    if (values === undefined) return s; // empty system
    if (values.length > K) throw new UsageError(`--x0 lists s_1..s_m with m <= ${K}, got ${values.length} values`);
    values.forEach((v, i) => {
      if (!(v >= 0 && v <= (i === 0 ? 1 : values[i - 1])))
        throw new UsageError(`--x0: s_1..s_m must be fractions with 1 >= s_1 >= s_2 >= ... >= 0, got ${values.join(',')}`);
      s[i] = v;
    });
    return s;
  },

  fixedPoint(p) {
    const lambda = ratToNumber(p.lambda);
    const K = fluidLevelCount(lambda, p.d);
    return {
      state: Float64Array.from({ length: K }, (_, i) => meanFieldTail(lambda, p.d, i + 1)),
      method: `closed form s_i = lambda^((d^i - 1)/(d - 1)) (levels cut at K = ${K}, tail < 1e-16)`,
    };
  },

  /** E[jobs] = sum_i s_i, mean sojourn E[jobs]/lambda (Little), and the tail s_i itself. */
  metrics(p, s) {
    const jobs = s.reduce((a, b) => a + b, 0);
    return { meanJobs: jobs, meanSojourn: jobs / ratToNumber(p.lambda), s: Array.from(s) };
  },
};
