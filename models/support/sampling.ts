/**
 * The d servers an arrival samples before it joins the shortest of them
 * (JSQ(d) [P2], THEORY section 4), in two ways:
 *   without replacement: d distinct servers, uniformly (d <= N);
 *   with replacement:    d independent uniform servers (repeats possible).
 *
 * Lumped chains see the sample only through the shortest sampled queue. With
 * S_i servers of length >= i, the shortest has length >= i iff all d samples
 * lie among those S_i servers:
 *   without: P(min >= i) = C(S_i, d) / C(N, d)   (hypergeometric)
 *   with:    P(min >= i) = (S_i / N)^d = x_i^d    (x_i = S_i / N)
 * so an arrival joins a queue of length i at rate lambda N [P(min >= i) - P(min >= i + 1)];
 * with replacement that is lambda N (x_i^d - x_{i+1}^d), the rate whose N -> infinity
 * limit is the mean-field drift of JSQ(d). Without replacement the two differ by
 * O(d^2 / N) and agree at d = 1 (one sample is one sample).
 *
 * Simulators and couplings draw the servers themselves (drawServers), from a
 * stream of uniform indices `below(m, k)` (k-th draw, uniform in 0..m-1).
 */
import { type Arith, binomial, Fraction, type Rational } from 'lbcheck';

export const SAMPLINGS = ['without', 'with'] as const;
export type Sampling = (typeof SAMPLINGS)[number];

/** Times N^d (with) or C(N, d) (without) the probability that all d samples fall among m servers: m^d or C(m, d). */
function allAmong(sampling: Sampling, m: number, d: number): bigint {
  return sampling === 'with' ? BigInt(m) ** BigInt(d) : binomial(m, d);
}

/** Largest (N + 1)^2 whose rate cache is a dense array. */
const DENSE_PAIRS = 1 << 20;

/**
 * (a, b) -> lambda N [P(all d samples among a servers) - P(all among b)] for
 * N >= a >= b >= 0: the rate at which arrivals find the shortest of their d
 * samples among the a - b servers of lengths [i, j) when S_i = a and S_j = b.
 * Computed exactly and converted once per pair (a, b) that occurs, so float
 * rates are correctly rounded.
 */
export function shortestSampleRates<T>(sampling: Sampling, N: number, d: number, lambda: Rational, A: Arith<T>): (a: number, b: number) => T {
  const all = Array.from({ length: N + 1 }, (_, m) => allAmong(sampling, m, d));
  const scale = lambda.mul(N).div(new Fraction(all[N]));
  // Indexed by a (N + 1) + b: a dense array while that is small (successors ask for a rate per level of every state), sparse beyond.
  const pairs = (N + 1) * (N + 1);
  const cache: (T | undefined)[] = pairs <= DENSE_PAIRS ? new Array<T | undefined>(pairs).fill(undefined) : [];
  return (a, b) => {
    const at = a * (N + 1) + b;
    let r = cache[at];
    if (r === undefined) {
      r = A.fromRational(scale.mul(new Fraction(all[a] - all[b])));
      cache[at] = r;
    }
    return r;
  };
}

/**
 * Draws d of N servers into out[0..d), in draw order. Without replacement a
 * partial Fisher-Yates shuffle of `pool` (a permutation of 0..N-1, left a
 * permutation): the k-th draw swaps pool[k] with pool[k + below(N - k, k)].
 * With replacement out[k] = below(N, k) and `pool` is not touched.
 */
export function drawServers(sampling: Sampling, N: number, d: number, below: (m: number, k: number) => number, pool: Int32Array, out: Int32Array): void {
  if (sampling === 'with') {
    for (let k = 0; k < d; k++) out[k] = below(N, k);
    return;
  }
  for (let k = 0; k < d; k++) {
    const j = k + below(N - k, k);
    const s = pool[j];
    pool[j] = pool[k];
    pool[k] = s;
    out[k] = s;
  }
}
