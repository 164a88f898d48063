/**
 * JSQ(d) as a density-dependent process for the refined mean field
 * (src/meanfield/): coordinates s_1..s_K (fractions of servers with >= i jobs,
 * s_0 = 1), K the first level whose fixed-point tail lambda^((d^K - 1)/(d - 1))
 * is below 1e-15 (arrivals that would go above K are dropped, as in ./fluid.ts).
 *   join a server of length i (0 <= i < K): +1 on s_{i+1}, intensity lambda [P(s_i) - P(s_{i+1})]
 *   completion at length i (1 <= i <= K):    -1 on s_i,     intensity s_i - s_{i+1}
 * P(s) is the probability that all d samples fall among a fraction s of the
 * servers, at N = 1/eps (support/sampling.ts):
 *   with replacement:    s^d                                    (no N in it)
 *   without replacement: C(N s, d)/C(N, d) = prod_{k<d} (s - k eps)/(1 - k eps)
 * so sampling without replacement has its own 1/N rate term. Metrics as in
 * ./ctmc.ts: meanJobs = sum_i s_i, meanSojourn = meanJobs / lambda (no job is
 * lost above K at this tail), s_i.
 */
import { type Arith, type DensityModel, type DensityTransition, ratToNumber } from 'lbcheck';
import { meanFieldTail } from './limits.ts';
import type { JsqdParams } from './params.ts';

/** Levels kept: the fixed point's tail below this is cut. */
export const REFINED_TAIL = 1e-15;
const MAX_LEVEL = 2000;

export function refinedLevels(lambda: number, d: number): number {
  let K = 1;
  while (meanFieldTail(lambda, d, K) >= REFINED_TAIL && K < MAX_LEVEL) K++;
  return K;
}

export function jsqdDensity(p: JsqdParams): DensityModel {
  const lambda = ratToNumber(p.lambda);
  const { d, sampling } = p;
  const K = refinedLevels(lambda, d);
  const all = <U>(s: U, eps: U, A: Arith<U>): U => {
    let r = A.one;
    for (let k = 0; k < d; k++) {
      r = sampling === 'with' ? A.mul(r, s) : A.mul(r, A.div(A.sub(s, A.mul(A.fromInt(k), eps)), A.sub(A.one, A.mul(A.fromInt(k), eps))));
    }
    return r;
  };
  /** s_i of z (z[i-1] = s_i), s_0 = 1, s_{K+1} = 0. */
  const level = <U>(z: readonly U[], i: number, A: Arith<U>): U => (i === 0 ? A.one : i > K ? A.zero : z[i - 1]);
  const lam = p.lambda;
  const transitions: DensityTransition[] = [];
  for (let i = 0; i < K; i++) {
    transitions.push({
      name: `join length ${i}`,
      index: [i],
      delta: [1],
      intensity: (z, eps, A) => A.mul(A.fromRational(lam), A.sub(all(level(z, i, A), eps, A), all(level(z, i + 1, A), eps, A))),
    });
  }
  for (let i = 1; i <= K; i++) {
    transitions.push({ name: `completion at length ${i}`, index: [i - 1], delta: [-1], intensity: (z, _eps, A) => A.sub(level(z, i, A), level(z, i + 1, A)) });
  }
  const jobs = <U>(z: readonly U[], A: Arith<U>): U => z.reduce((s, v) => A.add(s, v), A.zero);
  return {
    names: Array.from({ length: K }, (_, i) => `s${i + 1}`),
    transitions,
    metrics: [
      { name: 'meanJobs', value: jobs },
      { name: 'meanSojourn', value: jobs, per: (_z, A) => A.fromRational(lam) },
      ...Array.from({ length: K }, (_, i) => ({ name: 's', index: i + 1, value: <U>(z: readonly U[]) => z[i] })),
    ],
    fixedPoint: Float64Array.from({ length: K }, (_, i) => meanFieldTail(lambda, d, i + 1)),
    fixedPointMethod: `closed form s_i = lambda^((d^i - 1)/(d - 1)), levels 1..${K} (the tail beyond is below ${REFINED_TAIL})`,
  };
}
