/**
 * JSQ(d) declared through the population builder (src/population/): the same
 * chain as ./ctmc.ts, written as counts and events; test/models/population.test.ts
 * checks the two state by state in exact rationals, and bench/api.ts times them.
 * Counts S_1..S_K (servers with at least i jobs, S_0 = N); the rates as in ./ctmc.ts:
 *   join a server of length i (0 <= i < K): lambda N [P_d(S_i) - P_d(S_{i+1})],  S_{i+1} + 1
 *   completion at length i (1 <= i <= K):   S_i - S_{i+1},                      S_i - 1
 * P_d(m) = C(m, d)/C(N, d) without replacement, (m/N)^d with (support/sampling.ts).
 * Fluid limit (rates N f(x/N) as N -> infinity, s_i = S_i/N): joins at lambda (s_i^d - s_{i+1}^d),
 * the drift of ./fluid.ts, for both samplings (with replacement it is N f(x/N) exactly).
 */
import type { Arith, Counts, Population, PopulationEvent } from 'lbcheck';
import { shortestSampleRates } from '../support/sampling.ts';
import type { JsqdParams } from './params.ts';

export function jsqdPopulation<T>(p: JsqdParams, A: Arith<T>): Population<T> {
  const { N, d } = p;
  const K = p.K!;
  const lambda = p.lambda.valueOf();
  const rate = shortestSampleRates(p.sampling, N, d, p.lambda, A);
  /** S_i of counts x (x[i-1] = S_i), with S_0 = N and S_{K+1} = 0. */
  const S = (x: Counts, i: number): number => (i === 0 ? N : i > K ? 0 : x[i - 1]);
  const s = (z: Float64Array, i: number): number => (i === 0 ? 1 : i > K ? 0 : z[i - 1]);
  const events: PopulationEvent<T>[] = [];
  for (let i = 0; i < K; i++) {
    events.push({
      name: `join length ${i}`,
      change: { [`S${i + 1}`]: +1 },
      rate: (x) => rate(S(x, i), S(x, i + 1)),
      limit: (z) => lambda * (s(z, i) ** d - s(z, i + 1) ** d),
    });
  }
  for (let i = 1; i <= K; i++) events.push({ name: `completion at length ${i}`, change: { [`S${i}`]: -1 }, rate: (x) => A.fromInt(S(x, i) - S(x, i + 1)) });
  const jobs = (x: Counts): T => {
    let t = 0;
    for (let i = 0; i < K; i++) t += x[i];
    return A.fromInt(t);
  };
  const n = A.fromInt(N);
  return {
    counts: Array.from({ length: K }, (_, i) => `S${i + 1}`),
    max: N,
    initial: {},
    events,
    metrics: [
      { name: 'meanJobs', reward: (x) => A.div(jobs(x), n) },
      { name: 'meanSojourn', reward: jobs, per: (x) => A.sub(rate(N, 0), rate(S(x, K), 0)) },
      ...Array.from({ length: K }, (_, i) => ({ name: 's', index: i + 1, reward: (x: Counts) => A.div(A.fromInt(x[i]), n) })),
    ],
    describe: (x) => `(${Array.from({ length: K + 1 }, (_, i) => `y${i}=${S(x, i) - S(x, i + 1)}`).join(', ')})`,
    boundary: (x) => x[K - 1] > 0,
  };
}
