/**
 * JIQ blocking declared through the population builder (src/population/): the
 * same chain as ./ctmc.ts (test/models/population.test.ts checks it state by
 * state, bench/api.ts times it). Counts n_0 (busy servers), n_1..n_R (tokens
 * at each dispatcher), summing to N:
 *   arrival at r, n_r > 0:  rate alpha_r lambda N,  n_r - 1, n_0 + 1 (no token: the job is lost)
 *   completion:             rate n_0 beta_r,        n_0 - 1, n_r + 1
 *   token exchange r -> s:  rate nu n_r / R,        n_r - 1, n_s + 1 (s != r)
 * Every rate is N f(x/N), so the derived drift is the fluid field of ./fluid.ts
 * off the faces x_r = 0 (on them ./fluid.ts has the sliding motion).
 */
import type { Arith, Population, PopulationEvent } from 'lbcheck';
import type { JiqBlockingParams } from './params.ts';

export function jiqBlockingPopulation<T>(p: JiqBlockingParams, A: Arith<T>): Population<T> {
  const { N } = p;
  const R = p.alpha.length;
  const n = (r: number): string => `n${r}`; // n0 busy, n1..nR tokens
  const arrival = p.alpha.map((a) => A.fromRational(a.mul(p.lambda).mul(N)));
  const beta = p.beta.map((b) => A.fromRational(b));
  const exchangePerToken = A.fromRational(p.nu.div(R));
  const events: PopulationEvent<T>[] = [];
  for (let r = 1; r <= R; r++) {
    events.push({ name: `arrival at dispatcher ${r}`, change: { [n(r)]: -1, n0: +1 }, rate: (x) => (x[r] > 0 ? arrival[r - 1] : A.zero) });
    events.push({ name: `completion, token to dispatcher ${r}`, change: { n0: -1, [n(r)]: +1 }, rate: (x) => A.mul(A.fromInt(x[0]), beta[r - 1]) });
  }
  if (!p.nu.equals(0)) {
    for (let r = 1; r <= R; r++) {
      for (let s = 1; s <= R; s++) {
        if (s !== r)
          events.push({ name: `token exchange ${r} -> ${s}`, change: { [n(r)]: -1, [n(s)]: +1 }, rate: (x) => A.mul(exchangePerToken, A.fromInt(x[r])) });
      }
    }
  }
  const perServer = (k: number): T => A.div(A.fromInt(k), A.fromInt(N));
  return {
    counts: Array.from({ length: R + 1 }, (_, r) => n(r)),
    max: N,
    total: N,
    initial: {},
    events,
    metrics: [
      {
        name: 'blocking',
        reward: (x) => {
          let b = A.zero;
          for (let r = 1; r <= R; r++) if (x[r] === 0) b = A.add(b, A.fromRational(p.alpha[r - 1]));
          return b;
        },
      },
      { name: 'busyFraction', reward: (x) => perServer(x[0]) },
      ...p.alpha.flatMap((_, r) => [
        { name: 'tokenFraction', index: r + 1, reward: (x: ArrayLike<number>) => perServer(x[r + 1]) },
        { name: 'noTokenProbability', index: r + 1, reward: (x: ArrayLike<number>) => (x[r + 1] === 0 ? A.one : A.zero) },
      ]),
    ],
  };
}
