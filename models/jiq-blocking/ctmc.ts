/**
 * Join-the-Idle-Queue with R dispatchers, blocking scenario [P1], THEORY section 1.
 * State: tokens n_1..n_R at the dispatchers (digits), busy servers n_0 = N - sum n_r.
 *   arrival at r, n_r > 0:  rate alpha_r lambda N,  n_r - 1, n_0 + 1 (no token: the job is lost)
 *   completion:             rate n_0 beta_r,        n_0 - 1, n_r + 1
 *   token exchange r -> s:  rate nu n_r / R,        n_r - 1, n_s + 1 (s != r)
 */
import { type Arith, binomial, type ChainDefinition, type MetricDef, mixedRadixWeights } from 'lbcheck';
import type { JiqBlockingParams } from './params.ts';

export function ctmc<T>(p: JiqBlockingParams, A: Arith<T>): ChainDefinition<T> {
  const { N } = p;
  const R = p.alpha.length;
  const radices = Array.from({ length: R }, () => N + 1);
  const w = mixedRadixWeights(radices);
  const arrival = p.alpha.map((a) => A.fromRational(a.mul(p.lambda).mul(N)));
  const beta = p.beta.map((b) => A.fromRational(b));
  const exchangePerToken = A.fromRational(p.nu.div(R));
  const exchange = !p.nu.equals(0);
  const busy = (s: Int32Array): number => {
    let t = 0;
    for (let r = 0; r < R; r++) t += s[r];
    return N - t;
  };
  const metrics: MetricDef<T>[] = [
    {
      name: 'blocking',
      reward: (s) => {
        let b = A.zero;
        for (let r = 0; r < R; r++) if (s[r] === 0) b = A.add(b, A.fromRational(p.alpha[r]));
        return b;
      },
    },
    { name: 'busyFraction', reward: (s) => A.div(A.fromInt(busy(s)), A.fromInt(N)) },
  ];
  for (let r = 0; r < R; r++) {
    metrics.push({ name: 'tokenFraction', index: r + 1, reward: (s) => A.div(A.fromInt(s[r]), A.fromInt(N)) });
    metrics.push({ name: 'noTokenProbability', index: r + 1, reward: (s) => (s[r] === 0 ? A.one : A.zero) });
  }
  return {
    digitNames: p.alpha.map((_, r) => `n${r + 1}`),
    radices,
    initial: new Array<number>(R).fill(0),
    // Token counts with sum <= N: C(N + R, R) states, known before exploring.
    stateCount: Number(binomial(N + R, R)),
    sizeHint: exchange ? 'choose a smaller N' : '`lbcheck productform jiq-blocking` answers large N (nu = 0) from the closed-network product form',
    metrics,
    describe: (s) => `(n0=${busy(s)}, ${Array.from(s, (v, r) => `n${r + 1}=${v}`).join(', ')})`,
    successors(s, code, emit) {
      const n0 = busy(s);
      for (let r = 0; r < R; r++) {
        if (s[r] > 0) {
          emit(code - w[r], arrival[r]);
          if (exchange) {
            const rate = A.mul(exchangePerToken, A.fromInt(s[r]));
            for (let t = 0; t < R; t++) if (t !== r) emit(code - w[r] + w[t], rate);
          }
        }
        if (n0 > 0) emit(code + w[r], A.mul(A.fromInt(n0), beta[r]));
      }
    },
  };
}
