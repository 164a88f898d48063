/**
 * Join-the-Idle-Queue with R dispatchers, queueing scenario [P1], THEORY section 1,
 * lumped by exchangeability: the queue profile (levels S_1..S_K) of
 * models/support/queue-packings.ts, y_i = S_i - S_{i+1} servers with i jobs, and
 * digits for the tokens x_1..x_{R-1} at the dispatchers; x_R = y_0 - sum_{r<R} x_r.
 * Let a(s) = sum_{r: x_r = 0} alpha_r, the share of arrivals that find no token.
 *   arrival at s with x_s > 0, or a tokenless arrival sent to the idle server of
 *     one of s's tokens (revocation): rate alpha_s lambda N + a lambda x_s,  x_s - 1, S_1 + 1
 *   tokenless arrival sent to a server of length 1 <= i < K: rate a lambda y_i,  S_{i+1} + 1
 *   tokenless arrival sent to a server of length K: lost (the truncation)
 *   completion at a server of length i >= 2: rate y_i,                          S_i - 1
 *   completion at a server of length 1, token to r: rate y_1 beta_r,           S_1 - 1, x_r + 1
 *   token exchange r -> t (t != r): rate nu x_r / R,                            x_r - 1, x_t + 1
 *
 * Job metrics are over admitted jobs; an arrival is lost with probability
 * a S_K / N, so P(admit | state) = 1 - a S_K / N. By PASTA, with FCFS and unit-mean
 * jobs (a job's wait is the work of the jobs it finds, one unit each):
 *   waitProbability = E[a (S_1 - S_K)/N] / E[admit]   (sent at random to a busy, non-full server)
 *   meanWait        = E[a sum_{i<K} i y_i / N] / E[admit],  sum_{i<K} i y_i = sum_i S_i - K S_K
 *   meanSojourn     = E[sum_i S_i] / E[lambda N admit]      (Little's law; = meanWait + 1)
 *   meanJobs        = E[sum_i S_i] / N,  tokenFraction_r = E[x_r] / N.
 */
import { type Arith, type ChainDefinition, type MetricDef, mixedRadixWeights } from 'lbcheck';
import { profileStates } from '../support/queue-code-space.ts';
import { describeLevels } from '../support/queue-levels.ts';
import { lengthsFromLevels, queueProfile } from '../support/queue-packings.ts';
import { queueGapFeatures } from '../support/mass-features.ts';
import { classBlocks } from '../support/server-multiset.ts';
import type { JiqQueueingParams } from './params.ts';

export function ctmc<T>(p: JiqQueueingParams, A: Arith<T>): ChainDefinition<T> {
  const { N } = p;
  const K = p.K!;
  const R = p.alpha.length;
  const profile = queueProfile(N, K, R - 1);
  const P = profile.radices.length; // token digits follow the profile's
  const radices = [...profile.radices, ...new Array<number>(R - 1).fill(N + 1)];
  const w = mixedRadixWeights(radices);
  /** Code change of one more token at dispatcher r (x_R is implied). */
  const tokenWeight = (r: number): number => (r < R - 1 ? w[P + r] : 0);
  const arrival = p.alpha.map((a) => A.fromRational(a.mul(p.lambda).mul(N)));
  const alpha = p.alpha.map((a) => A.fromRational(a));
  const beta = p.beta.map((b) => A.fromRational(b));
  const lambda = A.fromRational(p.lambda);
  const lambdaN = A.fromRational(p.lambda.mul(N));
  const exchangePerToken = A.fromRational(p.nu.div(R));
  const exchange = !p.nu.equals(0);
  const n = A.fromInt(N);
  // scratch, refilled per state: levels S_0..S_{K+1} and tokens x_1..x_R
  const S = new Int32Array(K + 2);
  const tokens = new Int32Array(R);

  const read = (s: Int32Array): void => {
    profile.read(s, S);
    let rest = N - S[1];
    for (let r = 0; r < R - 1; r++) {
      tokens[r] = s[P + r];
      rest -= s[P + r];
    }
    tokens[R - 1] = rest;
  };
  /** a(s) = sum of alpha_r over dispatchers without a token (after read). */
  const tokenless = (): T => {
    let a = A.zero;
    for (let r = 0; r < R; r++) if (tokens[r] === 0) a = A.add(a, alpha[r]);
    return a;
  };
  const perServer = (a: T, count: number): T => A.div(A.mul(a, A.fromInt(count)), n);
  const admit = (s: Int32Array): T => {
    read(s);
    return A.sub(A.one, perServer(tokenless(), S[K]));
  };
  const jobs = (s: Int32Array): T => A.fromInt(profile.jobs(s));

  const metrics: MetricDef<T>[] = [
    {
      name: 'waitProbability',
      reward: (s) => {
        read(s);
        return perServer(tokenless(), S[1] - S[K]);
      },
      per: admit,
    },
    {
      name: 'meanWait',
      reward: (s) => {
        read(s);
        return perServer(tokenless(), profile.jobs(s) - K * S[K]);
      },
      per: admit,
    },
    { name: 'meanJobs', reward: (s) => A.div(jobs(s), n) },
    { name: 'meanSojourn', reward: jobs, per: (s) => A.mul(lambdaN, admit(s)) },
  ];
  for (let r = 0; r < R; r++) {
    metrics.push({
      name: 'tokenFraction',
      index: r + 1,
      reward: (s) => {
        read(s);
        return A.div(A.fromInt(tokens[r]), n);
      },
    });
  }

  return {
    // The rewards above in metric order, from one read of the state (each reward reads it again).
    rewardsInto(s, out) {
      read(s);
      const a = tokenless();
      const total = profile.jobs(s);
      out[0] = perServer(a, S[1] - S[K]);
      out[1] = perServer(a, total - K * S[K]);
      out[2] = A.div(A.fromInt(total), n);
      out[3] = A.fromInt(total);
      for (let r = 0; r < R; r++) out[4 + r] = A.div(A.fromInt(tokens[r]), n);
    },
    digitNames: [...profile.digitNames, ...p.alpha.slice(1).map((_, r) => `x${r + 1}`)],
    radices,
    initial: new Array<number>(radices.length).fill(0),
    metrics,
    describe: (s) => {
      read(s);
      return `(${describeLevels(S, K)}; ${Array.from(tokens, (x, r) => `x${r + 1}=${x}`).join(', ')})`;
    },
    stateCount: profileStates(N, K, R),
    // The queue lengths, longest first (from the levels), and the tokens.
    massFeatures: queueGapFeatures(
      N,
      classBlocks([N]),
      (s, q) => {
        read(s);
        lengthsFromLevels(S, N, K, q);
      },
      R,
      (_s, out, offset) => {
        for (let r = 0; r < R; r++) out[offset + r] = tokens[r];
      },
    ),
    atBoundary: (s) => {
      profile.read(s, S);
      return S[K] > 0;
    },
    successors(s, code, emit) {
      read(s);
      const a = A.mul(lambda, tokenless());
      const random = !A.isZero(a);
      for (let r = 0; r < R; r++) {
        const x = tokens[r];
        if (x === 0) continue;
        emit(code + profile.join(S, 0) - tokenWeight(r), random ? A.add(arrival[r], A.mul(a, A.fromInt(x))) : arrival[r]);
        if (exchange) {
          const rate = A.mul(exchangePerToken, A.fromInt(x));
          for (let t = 0; t < R; t++) if (t !== r) emit(code - tokenWeight(r) + tokenWeight(t), rate);
        }
      }
      for (let i = 1; i <= K; i++) {
        const y = S[i] - S[i + 1];
        if (y === 0) continue;
        if (random && i < K) emit(code + profile.join(S, i), A.mul(a, A.fromInt(y)));
        if (i >= 2) emit(code + profile.leave(S, i), A.fromInt(y));
        else for (let r = 0; r < R; r++) emit(code + profile.leave(S, 1) + tokenWeight(r), A.mul(A.fromInt(y), beta[r]));
      }
    },
  };
}
